/**
 * Every page type's schema.org data (JSON-LD) against Google's structured-data rules: the properties each type
 * requires for its rich result (and the ones this site promises), values of the right kind, no empty values,
 * and every address of ours absolute on the configured origin (SITE_ORIGIN). A type the table below does not
 * know fails, so new data is checked as it comes.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isProxied } from "../../shared/images";
import { get } from "./helpers";
import { elements, parseHtml } from "./html-tree";
import { pageSamples } from "./page-samples";

const ORIGIN = env.SITE_ORIGIN;

type Node = Record<string, unknown>;
/** One of these properties must be there (an array: any one of them). */
type Rule = string | readonly string[];

/**
 * Required properties by type, from Google Search Central's structured data guides (Product snippets and
 * merchant listings: name, image, and offers or review or aggregateRating; Offer: price and priceCurrency;
 * AggregateOffer: lowPrice and priceCurrency; BreadcrumbList and ListItem; Article: headline, image, dates,
 * author) and schema.org's own ranges for the rest.
 */
const REQUIRED: Record<string, readonly Rule[]> = {
  Product: ["name", "image", ["offers", "review", "aggregateRating"]],
  Offer: [["price", "priceSpecification"], "priceCurrency", "availability", "url"],
  AggregateOffer: ["lowPrice", "priceCurrency", "offerCount"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name"],
  Article: ["headline", "image", "datePublished", "author", "publisher"],
  Organization: ["name"],
  Brand: ["name"],
  ApartmentComplex: ["name", "url"],
  Apartment: ["name", "url", "floorSize"],
  PostalAddress: ["streetAddress", "addressLocality", "addressCountry"],
  GeoCoordinates: ["latitude", "longitude"],
  QuantitativeValue: ["value", "unitCode"],
};

/** Properties that hold an address: those of this site's pages and pictures must be on its origin. */
const URL_KEYS = new Set(["url", "item", "image", "mainEntityOfPage", "@id", "logo", "availability"]);
/** Where a value is an address outside the site by nature: a company's own website. */
const EXTERNAL_URL_OK = new Set(["Organization.url"]);
const NUMBER_KEYS = new Set([
  "price",
  "lowPrice",
  "highPrice",
  "offerCount",
  "position",
  "latitude",
  "longitude",
  "value",
  "numberOfRooms",
  "numberOfAvailableAccommodationUnits",
]);
const DATE_KEYS = new Set(["datePublished", "dateModified"]);

const typesOf = (n: Node): string[] => {
  const t = n["@type"];
  return Array.isArray(t) ? t.map(String) : typeof t === "string" ? [t] : [];
};

function checkUrl(where: string, key: string, types: string[], value: unknown, problems: string[]) {
  for (const v of Array.isArray(value) ? value : [value]) {
    if (typeof v !== "string") {
      problems.push(`${where}.${key}: an address must be a string, got ${JSON.stringify(v)}`);
      continue;
    }
    if (key === "availability") {
      if (!/^https:\/\/schema\.org\/[A-Z]\w+$/.test(v)) problems.push(`${where}.${key}: «${v}»`);
      continue;
    }
    const url = URL.parse(v);
    if (!url || !/^https?:$/.test(url.protocol)) {
      problems.push(`${where}.${key}: «${v}» is not an absolute address`);
      continue;
    }
    if (types.some((t) => EXTERNAL_URL_OK.has(`${t}.${key}`)) && url.origin !== ORIGIN) continue;
    if (url.origin !== ORIGIN) problems.push(`${where}.${key}: «${v}» is not on ${ORIGIN}`);
    if (key === "image" && !isProxied(v.slice(ORIGIN.length))) {
      problems.push(`${where}.${key}: «${v}» does not go through the image proxy`);
    }
  }
}

/** Every problem of one node and the nodes inside it. */
function checkNode(node: unknown, where: string, problems: string[]): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) checkNode(n, `${where}[${i}]`, problems);
    return;
  }
  if (node === null || node === "" || (typeof node === "number" && !Number.isFinite(node))) {
    problems.push(`${where}: an empty value (${JSON.stringify(node)})`);
    return;
  }
  if (typeof node !== "object") return;
  const n = node as Node;
  const types = typesOf(n);
  if (types.length === 0) problems.push(`${where}: an object without @type`);
  const here = `${where}<${types.join("+")}>`;
  for (const type of types) {
    const rules = REQUIRED[type];
    if (!rules) {
      problems.push(`${here}: the type «${type}» is not in the test's table of required properties`);
      continue;
    }
    for (const rule of rules) {
      const any = typeof rule === "string" ? [rule] : rule;
      if (!any.some((k) => n[k] !== undefined && n[k] !== null && n[k] !== "")) {
        problems.push(`${here}: ${type} requires ${any.join(" or ")}`);
      }
    }
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === "@context" || key === "@type") continue;
    if (URL_KEYS.has(key) && typeof value !== "object") checkUrl(here, key, types, value, problems);
    else if (key === "image") checkUrl(here, key, types, value, problems);
    else if (NUMBER_KEYS.has(key) && (typeof value !== "number" || !Number.isFinite(value)))
      problems.push(`${here}.${key}: a number is expected, got ${JSON.stringify(value)}`);
    else if (
      DATE_KEYS.has(key) &&
      (typeof value !== "string" || !/^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?$/.test(value))
    )
      problems.push(`${here}.${key}: an ISO 8601 date is expected, got ${JSON.stringify(value)}`);
    else checkNode(value, `${here}.${key}`, problems);
  }
  if (types.includes("AggregateOffer") && Number(n.highPrice) < Number(n.lowPrice))
    problems.push(`${here}: highPrice below lowPrice`);
  if (types.includes("Offer") && !(Number(n.price) > 0)) problems.push(`${here}: price must be above 0`);
  if (types.includes("BreadcrumbList")) {
    const items = (n.itemListElement as Node[] | undefined) ?? [];
    items.forEach((item, i) => {
      if (item.position !== i + 1) problems.push(`${here}: item ${i} has position ${String(item.position)}`);
      // Every crumb but the last (the page itself) must say where it leads.
      if (i < items.length - 1 && !item.item) problems.push(`${here}: item ${i + 1} has no item (address)`);
    });
  }
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): unknown[] {
  return [...elements(parseHtml(html))]
    .filter((el) => el.tag === "script" && el.attrs.type === "application/ld+json")
    .map((el) => JSON.parse(String(el.children[0] ?? "")));
}

function structuredDataProblems(blocks: unknown[]): string[] {
  const problems: string[] = [];
  blocks.forEach((block, i) => {
    if ((block as Node)["@context"] !== "https://schema.org")
      problems.push(`block ${i}: @context is not https://schema.org`);
    checkNode(block, `block ${i}`, problems);
  });
  return problems;
}

let samples: Record<string, string>;
beforeAll(async () => {
  samples = await pageSamples();
});

describe("structured data (JSON-LD) of every page type", () => {
  it("has Google's required properties by type, values of their kind and addresses on the site's origin", async () => {
    const found: Record<string, string[]> = {};
    const typesSeen = new Set<string>();
    for (const [type, path] of Object.entries(samples)) {
      for (const bot of [false, true]) {
        const res = await get(path, { bot });
        const blocks = jsonLdOf(await res.text());
        for (const b of blocks) for (const t of typesOf(b as Node)) typesSeen.add(t);
        const problems = structuredDataProblems(blocks);
        if (problems.length) found[`${type} ${path}${bot ? " (bot)" : ""}`] = problems;
      }
    }
    expect(found).toEqual({});
    // The pages that carry data carry it: a complex and a flat are products, an article an article…
    expect([...typesSeen].sort()).toEqual(
      expect.arrayContaining([
        "ApartmentComplex",
        "Apartment",
        "Product",
        "Article",
        "BreadcrumbList",
        "Organization",
      ]),
    );
  }, 180_000);

  it("sees what is wrong: a Product without image, an AggregateOffer without currency, an address off the site", () => {
    const problems = structuredDataProblems([
      {
        "@context": "https://schema.org",
        "@type": ["ApartmentComplex", "Product"],
        name: "ЖК",
        url: "https://elsewhere.example/x/",
        address: {
          "@type": "PostalAddress",
          streetAddress: "ул.",
          addressLocality: "М",
          addressCountry: "RU",
        },
        offers: { "@type": "AggregateOffer", lowPrice: 1, offerCount: 1 },
      },
    ]);
    expect(problems.join("\n")).toMatch(/Product requires image/);
    expect(problems.join("\n")).toMatch(/AggregateOffer requires priceCurrency/);
    expect(problems.join("\n")).toMatch(/is not on/);
  });
});

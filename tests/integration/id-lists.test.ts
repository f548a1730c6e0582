import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { APARTMENT_FIELDS } from "../../shared/filters/apartments";
import { CATALOGUE_FIELDS } from "../../shared/filters/catalogue";
import type { FieldDef, FieldTable } from "../../shared/filters/fields";
import { ID_LIST_MAX, IDS_MAX } from "../../shared/filters/keys";
import { everyField, listsAtMaximum, longest } from "../filter-samples";
import { get } from "./helpers";

/**
 * D1 binds at most 100 parameters per statement: every list of ids reaches SQL as one JSON array, and every
 * list has a maximum (its field's maxItems) that the API refuses past with a Russian 400 and a page URL trims
 * (301 to the canonical URL). Each list at its maximum, beside every other field, on every API path and page
 * that reads the filter.
 */

type ListDef = Extract<FieldDef, { kind: "list" }>;
const lists = (table: FieldTable) =>
  Object.entries(table).filter((e): e is [string, ListDef] => e[1].kind === "list");

// The map's first view (zoom 3: the whole catalogue, no box) reads the same filter.
const CATALOGUE_APIS = ["grid?", "paginate?", "map-view?zoom=3&"].map(
  (p) => `/api/v1/residential-complexes/${p}`,
);
const APARTMENT_APIS = ["grid", "grid-grouped"].map((p) => `/api/v1/living-objects/${p}`);

let complexSlug: string;
let complexId: number;
let stationSlug: string;

beforeAll(async () => {
  const complex = await env.DB.prepare(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  ).first<{ id: number; slug: string }>();
  const station = await env.DB.prepare(
    "SELECT s.slug FROM subway_stations s JOIN location_counts lc ON lc.kind = 'subways' AND lc.location_id = s.id WHERE s.kind = 'metro' AND lc.complexes > 0 ORDER BY s.id LIMIT 1",
  ).first<{ slug: string }>();
  if (!complex || !station) throw new Error("the seed has no complex or station");
  complexSlug = complex.slug;
  complexId = complex.id;
  stationSlug = station.slug;
});

/** A page answers 200 (after at most one 301 to its canonical URL on this site), and never the error page. */
async function expectPage(url: string): Promise<void> {
  let res = await get(url);
  if (res.status === 301) {
    const location = res.headers.get("Location") ?? "";
    expect(new URL(location, "http://localhost").origin, url).toBe("http://localhost");
    res = await get(
      new URL(location, "http://localhost").pathname + new URL(location, "http://localhost").search,
    );
  }
  const html = await res.text();
  expect(res.status, url).toBe(200);
  expect(html, url).not.toContain("Неизвестная ошибка");
}

async function expectJson(url: string): Promise<void> {
  const res = await get(url, { headers: { Accept: "application/json" } });
  const text = await res.text();
  expect(res.status, `${url}: ${text.slice(0, 200)}`).toBe(200);
}

describe("every list at its maximum, beside every other field", () => {
  it("the catalogue's API paths answer 200", async () => {
    for (const [field, query] of listsAtMaximum(CATALOGUE_FIELDS, "api"))
      for (const path of CATALOGUE_APIS) await expectJson(`${path}${query}#${field}`);
  }, 120_000);

  it("the apartments' API paths answer 200", async () => {
    // A complex that exists: an unknown one is a 404 whatever the filter.
    for (const [field, query] of listsAtMaximum(APARTMENT_FIELDS, "api", { complex: complexId }))
      for (const path of APARTMENT_APIS) await expectJson(`${path}?${query}#${field}`);
  }, 60_000);

  it("the catalogue's pages (listing, map, a station's page, home) answer 200, never the error page", async () => {
    for (const [field, query] of listsAtMaximum(CATALOGUE_FIELDS, "url"))
      for (const path of ["/novostroyki/", "/novostroyki/na-karte/", `/po-metro/${stationSlug}/`, "/"])
        await expectPage(`${path}?${query}#${field}`);
  }, 120_000);

  it("the apartments' pages (all, a complex's, the complex page) answer 200, never the error page", async () => {
    for (const [field, query] of listsAtMaximum(APARTMENT_FIELDS, "url"))
      for (const path of [
        "/kvartiry/",
        `/kvartiry/novostroyka/${complexSlug}/`,
        `/novostroyki/${complexSlug}/`,
      ])
        await expectPage(`${path}?${query}#${field}`);
  }, 60_000);

  it("favourites and comparison read their most ids, and the filter cascade its most places", async () => {
    const ids = Array.from({ length: IDS_MAX }, (_, i) => i + 1).join(",");
    await expectJson(`/api/v1/living-objects/by-ids?ids=${ids}`);
    await expectJson(`/api/v1/residential-complexes/grid?search[ids]=${ids}&per_page=${IDS_MAX}`);
    const places = Array.from({ length: ID_LIST_MAX }, (_, i) => i + 1).join(",");
    for (const [kind, name] of [
      ["localities", "region_id"],
      ["subways", "locality_id"],
      ["districts", "city_area_id"],
    ])
      await expectJson(`/api/v1/locations/${kind}/grid?search[${name}]=${places}`);
  });
});

describe("a list past its maximum", () => {
  const over = (table: FieldTable) => lists(table).filter(([, def]) => !def.options);

  it("is a Russian 400 from the API, naming the parameter and the maximum", async () => {
    for (const [table, path] of [
      [CATALOGUE_FIELDS, "/api/v1/residential-complexes/grid"],
      [APARTMENT_FIELDS, "/api/v1/living-objects/grid"],
    ] as const) {
      for (const [key, def] of over(table)) {
        const query = new URLSearchParams(everyField(table, "api", { [key]: longest(def, 1) })).toString();
        const res = await get(`${path}?${query}`, { headers: { Accept: "application/json" } });
        const body = (await res.json()) as { error?: string };
        expect(res.status, key).toBe(400);
        expect(body.error, key).toContain(def.api[0]);
        expect(body.error, key).toContain(`не больше ${def.maxItems}`);
      }
    }
  }, 60_000);

  it("is trimmed to its first entries by a 301 on a page", async () => {
    for (const [table, path] of [
      [CATALOGUE_FIELDS, "/novostroyki/"],
      [APARTMENT_FIELDS, "/kvartiry/"],
    ] as const) {
      for (const [key, def] of over(table)) {
        const name = def.url?.[0];
        if (!name) continue;
        const long = longest(def, 5);
        const res = await get(`${path}?${name}=${long.join(",")}`);
        expect(res.status, key).toBe(301);
        const location = new URL(res.headers.get("Location") ?? "", "http://localhost");
        expect(location.searchParams.get(name), key).toBe(long.slice(0, def.maxItems).join(","));
        await expectPage(location.pathname + location.search);
      }
    }
  }, 60_000);
});

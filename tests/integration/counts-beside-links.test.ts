import { describe, expect, it } from "vitest";
import type { LocationType } from "../../shared/constants";
import { LOCATION_TYPE_DEFS } from "../../shared/location-types";
import { get } from "./helpers";

/**
 * Every number shown beside a link equals what the link's page finds. The walker reads the rendered pages a
 * buyer starts from (home with its figures, the header's dropdown and the metro list; every location type's
 * list; the companies' lists), takes each link with its number, opens the link and reads the number that page
 * shows for the same thing: a listing's «Найдено N ЖК», a company's «Всего ЖК / Строится / Сдано».
 */

const NUM = "([\\d\\u00a0 ]+)";
const num = (s: string | undefined) => Number((s ?? "").replace(/[\u00a0 ]/g, ""));
const unescapeHtml = (s: string) => s.replace(/&amp;/g, "&");

interface Shown {
  from: string;
  to: string;
  what: string;
  n: number;
}

const pages = new Map<string, Promise<string>>();
function page(path: string): Promise<string> {
  let html = pages.get(path);
  if (!html) {
    html = get(path).then(async (res) => {
      expect(res.status, path).toBe(200);
      return res.text();
    });
    pages.set(path, html);
  }
  return html;
}

/** The numbers beside the links of a page: figures, the dropdown's amounts, a place list's counts, cards. */
function shownOn(from: string, html: string): Shown[] {
  const out: Shown[] = [];
  const add = (re: RegExp, what: string, group = 2) => {
    for (const m of html.matchAll(re))
      out.push({ from, to: unescapeHtml(m[1] ?? ""), what, n: num(m[group]) });
  };
  // Home's figures: <a href><strong>N</strong> строится</a>
  add(new RegExp(`<a [^>]*href="([^"]+)"[^>]*><strong>${NUM}</strong>`, "g"), "complexes");
  // The header dropdown: <a href>label <span class="dropdown__amount">N</span></a>
  add(
    new RegExp(
      `<a [^>]*href="([^"]+)"[^>]*>[^<]*(?:<!-- -->)?[^<]*<span class="dropdown__amount">${NUM}</span>`,
      "g",
    ),
    "dropdown",
  );
  // A place list: <a href>…</a><span class="alphabet__count">N</span>
  add(
    new RegExp(
      `<a [^>]*href="([^"]+)"[^>]*>(?:(?!</a>).)*</a><span class="alphabet__count">${NUM}</span>`,
      "g",
    ),
    "complexes",
  );
  // A company card: <a href class="company-card__link">…</a> … <p class="company-card__facts">N ЖК · строится: B · сдано: F</p>
  for (const m of html.matchAll(
    /<a class="company-card__link" href="([^"]+)"[^>]*>[\s\S]*?<p class="company-card__facts">На рынке[^<]*<\/p><p class="company-card__facts">([^<]*)<\/p>/g,
  )) {
    const facts = m[2] ?? "";
    const total = /^([\d\u00a0 ]+)\u00a0ЖК/.exec(facts);
    if (!total) continue;
    const to = unescapeHtml(m[1] ?? "");
    out.push({ from, to, what: "company total", n: num(total[1]) });
    out.push({ from, to, what: "company building", n: num(/строится: (\d+)/.exec(facts)?.[1] ?? "0") });
    out.push({ from, to, what: "company finished", n: num(/сдано: (\d+)/.exec(facts)?.[1] ?? "0") });
  }
  return out;
}

/** What the link's page finds for the same thing. */
async function foundAt(s: Shown): Promise<number> {
  const html = await page(s.to);
  if (s.what.startsWith("company")) {
    const dt = { "company total": "Всего ЖК", "company building": "Строится", "company finished": "Сдано" }[
      s.what
    ];
    return num(new RegExp(`<dt>${dt}</dt><dd>${NUM}</dd>`).exec(html)?.[1]);
  }
  const found = new RegExp(`Найдено ${NUM}\\u00a0ЖК`).exec(html);
  expect(found, `${s.to}: no «Найдено N ЖК»`).not.toBeNull();
  return num(found?.[1]);
}

async function walk(from: string[]): Promise<Shown[]> {
  const shown = (await Promise.all(from.map(async (p) => shownOn(p, await page(p))))).flat();
  const mismatched: string[] = [];
  for (const s of shown) {
    // The dropdown's amounts of apartments are checked by menu-amounts.test.ts against the apartments' API.
    if (s.what === "dropdown" && !s.to.startsWith("/novostroyki/")) continue;
    const found = await foundAt(s);
    if (found !== s.n) mismatched.push(`${s.from}: ${s.n} beside ${s.to}, which finds ${found}`);
  }
  expect(mismatched).toEqual([]);
  return shown;
}

describe("every number beside a link is what the link finds", () => {
  it("home: its figures, the dropdown's amounts and the metro list", async () => {
    const shown = await walk(["/"]);
    const figures = shown.filter((s) => s.what === "complexes" && !s.to.startsWith("/po-metro/"));
    expect(figures.map((s) => s.to)).toEqual([
      "/novostroyki/",
      "/novostroyki/?build_stage=2",
      "/novostroyki/?build_stage=3",
    ]);
    expect(shown.filter((s) => s.to.startsWith("/po-metro/")).length).toBeGreaterThan(0);
    expect(shown.filter((s) => s.what === "dropdown").length).toBeGreaterThan(0);
  }, 120_000);

  it.each(Object.keys(LOCATION_TYPE_DEFS) as LocationType[])(
    "/%s/: every place's count",
    async (type) => {
      const shown = await walk([`/${type}/`]);
      expect(shown.filter((s) => s.to.startsWith(`/${type}/`)).length).toBeGreaterThan(0);
    },
    300_000,
  );

  it("the companies' lists: every developer card's figures, and the lists' totals", async () => {
    const shown = await walk(["/companies/", "/companies/developers/"]);
    expect(shown.filter((s) => s.what === "company total").length).toBeGreaterThan(0);
    const total = (html: string) =>
      num(new RegExp(`${NUM}\\u00a0застройщик[а-я]*\\s+в каталоге`).exec(html)?.[1]);
    expect(total(await page("/companies/"))).toBe(total(await page("/companies/developers/")));
  }, 120_000);
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../shared/api-keys";
import { type LocationType, SITE_NAME } from "../../shared/constants";
import {
  CITY_CASES,
  DISTRICT_CASES,
  HIGHWAY_CASES,
  MO_DISTRICT_CASES,
  OKRUG_CASES,
  RAILWAY_CASES,
} from "../../shared/geo/cases";
import { REGIONS } from "../../shared/geo/regions";
import { LOCATION_TYPE_DEFS, type LocationApi } from "../../shared/location-types";
import type { LocationItem } from "../../shared/schemas/locations";
import { get, getJson } from "./helpers";

const TYPES = Object.keys(LOCATION_TYPE_DEFS) as LocationType[];

/** Our geography's cases of a place of a location list (shared/geo/cases.ts), as the seed wrote them to D1. */
const CASES: Partial<Record<LocationApi, Readonly<Record<string, { in: string; of: string }>>>> = {
  districts: DISTRICT_CASES,
  "city-areas": OKRUG_CASES,
  "mo-districts": MO_DISTRICT_CASES,
  highways: HIGHWAY_CASES,
  railways: RAILWAY_CASES,
  regions: Object.fromEntries(REGIONS.map((r) => [r.name, { in: r.nameIn, of: r.nameOf }])),
  localities: { ...CITY_CASES, ...DISTRICT_CASES, Москва: { in: "в Москве", of: "Москвы" } },
};

async function placesOf(type: LocationType): Promise<LocationItem[]> {
  const { status, body } = await getJson<{ data: LocationItem[] }>(apiKeys.places(LOCATION_TYPE_DEFS[type]));
  expect(status).toBe(200);
  return body.data;
}

const text = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? null;

describe("a place's name, declined from our geography", () => {
  it.each(TYPES)("%s: every place carries its locative and genitive", async (type) => {
    const def = LOCATION_TYPE_DEFS[type];
    const places = await placesOf(type);
    expect(places.length).toBeGreaterThan(0);
    const cases = CASES[def.api];
    for (const p of places) {
      if (!cases) {
        expect([p.name_in, p.name_of]).toEqual([null, null]);
        continue;
      }
      expect({ name: p.name, in: p.name_in, of: p.name_of }).toEqual({
        name: p.name,
        in: cases[p.name]?.in,
        of: cases[p.name]?.of,
      });
    }
  });

  it.each(TYPES)("%s: a page's h1 and title name the place as the geography declines it", async (type) => {
    const places = (await placesOf(type)).filter((p) => p.rc_count > 0);
    // Where cheap: the first few places with complexes of every type.
    for (const p of places.slice(0, 3)) {
      const res = await get(`/${type}/${p.slug}/`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const expected = p.name_in
        ? `Новостройки ${p.name_in}`
        : /^Новостройки у (метро|станции МЦК|станции МЦД) /;
      const h1 = text(html, /<h1[^>]*>([\s\S]*?)<\/h1>/);
      if (typeof expected === "string") expect(h1).toBe(expected);
      else expect(h1).toMatch(expected);
      expect(text(html, /<title>([^<]*)<\/title>/)).toBe(`${h1} — цены от застройщиков | ${SITE_NAME}`);
    }
  });

  it("«Высота в Покровское-Стрешнево» is «в Покровском-Стрешневе», and every complex named by its place says it so", async () => {
    const { body } = await getJson<{ data: LocationItem }>(
      apiKeys.location("districts", "pokrovskoe-streshnevo"),
    );
    expect(body.data.name_in).toBe("в Покровском-Стрешневе");
    const html = await (await get("/po-rajonam/pokrovskoe-streshnevo/")).text();
    expect(text(html, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe("Новостройки в Покровском-Стрешневе");
    const locatives = new Set(
      [...Object.values(DISTRICT_CASES), ...Object.values(CITY_CASES)].map((c) => c.in),
    );
    const { results } = await env.DB.prepare("SELECT name FROM residential_complexes").all<{
      name: string;
    }>();
    for (const { name } of results.filter((r) => / (в|во|на) /.test(r.name))) {
      expect(locatives.has(name.replace(/^.*? (?=(в|во|на) )/, "")), name).toBe(true);
    }
  });
});

/** Every URL of every child sitemap, as paths. */
async function sitemapPaths(): Promise<Set<string>> {
  const locs = async (path: string) =>
    [...(await (await get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? "").pathname,
    );
  const all = new Set<string>();
  for (const child of await locs("/sitemap.xml")) for (const p of await locs(child)) all.add(p);
  return all;
}

const ROBOTS_NOINDEX = /<meta name="robots" content="noindex, follow"\/?>/;

describe("a place with nothing on sale", () => {
  let sitemap: Set<string>;
  beforeAll(async () => {
    sitemap = await sitemapPaths();
  });

  it.each(TYPES)(
    "%s: says so, is noindex, and no sitemap entry or list links to it",
    async (type) => {
      const places = await placesOf(type);
      const empty = places.filter((p) => p.rc_count === 0);
      const full = places.filter((p) => p.rc_count > 0);
      const listHtml = await (await get(`/${type}/`)).text();
      for (const p of full) {
        expect(sitemap.has(`/${type}/${p.slug}/`), p.slug).toBe(true);
        expect(listHtml.includes(`href="/${type}/${p.slug}/"`), p.slug).toBe(true);
      }
      if (type === "po-metro") expect(empty.length).toBeGreaterThan(0);
      for (const p of empty) {
        const path = `/${type}/${p.slug}/`;
        expect(sitemap.has(path), path).toBe(false);
        expect(listHtml.includes(`href="${path}"`), path).toBe(false);
      }
      // Every empty place's page takes the same path (its rc_count is 0): the first few of each type are rendered.
      for (const p of empty.slice(0, 3)) {
        const path = `/${type}/${p.slug}/`;
        const res = await get(path);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html, path).toMatch(ROBOTS_NOINDEX);
        expect(html, path).toContain("Сейчас здесь нет новостроек в продаже");
        expect(html, path).not.toContain("Найдено 0");
        expect(html, path).not.toContain("Попробуйте расширить бюджет");
      }
      // A place with complexes is indexable.
      if (full[0]) expect(await (await get(`/${type}/${full[0].slug}/`)).text()).not.toMatch(ROBOTS_NOINDEX);
    },
    60_000,
  );
});

describe("a developer with nothing on sale", () => {
  it("says so, is noindex, and neither the sitemap nor the companies' lists lead to it", async () => {
    // The test catalogue's developers all have complexes: one more whose only complex is unpublished, with the
    // stale count a feed can leave (complexes_total counts unpublished complexes too).
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO companies (id, slug, type, name, description, founded_year, site, phone, inn, color,
           complexes_total, complexes_building)
         VALUES (9901, 'pustoy-stroy', 'developer', 'ООО «Пустой Строй»',
           'Компания строит жилые комплексы с продуманной инфраструктурой.', 2001, '', '+7 495 000-00-00',
           '7700000000', '#455a64', 1, 1)`,
      ),
      env.DB.prepare(
        `UPDATE residential_complexes SET developer_id = 9901, is_published = 0
         WHERE id = (SELECT max(id) FROM residential_complexes)`,
      ),
    ]);
    const { results } = await env.DB.prepare(
      `SELECT c.slug, EXISTS (SELECT 1 FROM residential_complexes rc WHERE rc.developer_id = c.id
         AND rc.is_published = 1) AS on_sale FROM companies c WHERE c.type = 'developer'`,
    ).all<{ slug: string; on_sale: number }>();
    const empty = results.filter((r) => !r.on_sale);
    expect(empty.length).toBeGreaterThan(0);
    const sitemap = await sitemapPaths();
    const lists = [
      await (await get("/companies/")).text(),
      await (await get("/companies/developers/")).text(),
      JSON.stringify((await getJson("/api/v1/companies/grid?search[type]=developer&per_page=100")).body),
    ];
    for (const { slug, on_sale } of results) {
      const path = `/companies/developers/${slug}/`;
      expect(sitemap.has(path), path).toBe(on_sale === 1);
      if (on_sale) continue;
      for (const list of lists)
        expect(list.includes(`"${slug}"`) || list.includes(`${path}"`), path).toBe(false);
      const res = await get(path);
      expect(res.status, path).toBe(200);
      // What a reader and a crawler see: the page without the data it hydrates from.
      const html = (await res.text()).replace(
        /<script type="application\/json" id="__DATA__"[\s\S]*?<\/script>/,
        "",
      );
      expect(html).toMatch(ROBOTS_NOINDEX);
      expect(html).toContain("нет жилых комплексов в продаже");
      expect(html).not.toContain("Компания строит жилые комплексы");
    }
  }, 60_000);
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
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
import { LOCATION_TYPE_DEFS, type LocationApi } from "../../shared/locations";
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

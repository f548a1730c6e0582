/**
 * The filter model end to end (issue #16): every field of the table from a page URL to the API's reading,
 * and one behaviour for impossible input on every page with a filter: an inverted range swapped, distance
 * codes that find something, a page past the end a 404 with a way back, a no-JS submit moved to its
 * canonical address, an id that is not a number a 400 naming it once.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apartmentKeys } from "../../shared/apartment-keys";
import { LISTING_PER_PAGE } from "../../shared/constants";
import { filterKeys } from "../../shared/filter-keys";
import { APARTMENT_FIELDS, apartmentFilterToApiQuery } from "../../shared/filters/apartments";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  filterToUrlQuery,
  pairDistance,
} from "../../shared/filters/catalogue";
import type { FieldDef } from "../../shared/filters/fields";
import type { ComplexList, LivingObjectList } from "../../shared/schemas/catalogue";
import { sample } from "../filter-samples";
import { fallbackOf, get, getJson } from "./helpers";

let complexUrl: string;
let complexId: number;
let station: string;

beforeAll(async () => {
  const row = await env.DB.prepare(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  ).first<{ id: number; slug: string }>();
  const place = await env.DB.prepare(
    `SELECT s.slug FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id
     WHERE s.kind = 'metro' GROUP BY s.id ORDER BY count(*) DESC LIMIT 1`,
  ).first<{ slug: string }>();
  if (!row || !place) throw new Error("the seed has no complexes near the metro");
  complexId = row.id;
  complexUrl = `/novostroyki/${row.slug}/`;
  station = place.slug;
});

describe("every field of the catalogue's table", () => {
  for (const [key, def] of Object.entries(CATALOGUE_FIELDS) as [string, FieldDef][]) {
    it(`${key}: the page URL's filter is the API key the page reads, and the API reads that key`, async () => {
      const value = key === "location" ? `po-metro/${station}` : sample(def);
      const filter = pairDistance({ [key]: value } as CatalogueFilter);
      const apiKey = filterKeys.complexes({ filter, page: 1, perPage: LISTING_PER_PAGE, sort: "price desc" });
      const answer = await getJson<ComplexList>(apiKey);
      expect(answer.status, apiKey).toBe(200);
      if (!def.url) return;
      const page = `/novostroyki/${filterToUrlQuery(filter)}`;
      const res = await get(page);
      expect(res.status, page).toBe(200);
      expect(fallbackOf(await res.text())[apiKey], page).toEqual(answer.body);
    });
  }

  for (const [key, def] of Object.entries(APARTMENT_FIELDS)) {
    it(`${key}: the apartments API reads its key`, async () => {
      const filter = key === "complex" ? { complex: complexId } : { [key]: sample(def) };
      const apiKey = apartmentKeys.apartments({ filter, page: 1, perPage: 20, sort: "price asc" });
      expect(apartmentFilterToApiQuery({ filter, page: 1, perPage: 20, sort: "price asc" })).not.toEqual({
        per_page: 20,
      });
      expect((await getJson(apiKey)).status, apiKey).toBe(200);
    });
  }
});

describe("min > max", () => {
  const cases = (): [string, string][] => [
    [
      "/novostroyki/?min_price=10000000&max_price=5000000",
      "/novostroyki/?min_price=5000000&max_price=10000000",
    ],
    [`/po-metro/${station}/?min_area=80&max_area=40`, `/po-metro/${station}/?min_area=40&max_area=80`],
    ["/novostroyki/na-karte/?min_area=80&max_area=40", "/novostroyki/na-karte/?min_area=40&max_area=80"],
    ["/kvartiry/?min_price=9000000&max_price=5000000", "/kvartiry/?min_price=5000000&max_price=9000000"],
    [`${complexUrl}?min_floor=9&max_floor=2`, `${complexUrl}?min_floor=2&max_floor=9`],
  ];

  it("moves every page with a filter to the range the right way round, which finds something", async () => {
    for (const [url, swapped] of cases()) {
      const res = await get(url);
      expect(res.status, url).toBe(301);
      expect(res.headers.get("Location"), url).toBe(swapped);
      const page = await get(swapped);
      expect(page.status, swapped).toBe(200);
      expect(await page.text(), swapped).not.toMatch(/Найдено 0 |ничего не нашлось|квартир в продаже нет/);
    }
  });

  it("is swapped by the API too, for complexes and apartments", async () => {
    for (const [inverted, right] of [
      [
        "/api/v1/residential-complexes/grid?min_price=10000000&max_price=5000000",
        "/api/v1/residential-complexes/grid?min_price=5000000&max_price=10000000",
      ],
      [
        `/api/v1/living-objects/grid?search[residential_complex_id]=${complexId}&search[floor][min]=9&search[floor][max]=2`,
        `/api/v1/living-objects/grid?search[residential_complex_id]=${complexId}&search[floor][min]=2&search[floor][max]=9`,
      ],
    ]) {
      const a = await getJson<ComplexList | LivingObjectList>(inverted ?? "");
      const b = await getJson<ComplexList | LivingObjectList>(right ?? "");
      expect(a.status, inverted).toBe(200);
      expect(a.body.total, inverted).toBe(b.body.total);
      expect(b.body.total, right).toBeGreaterThan(0);
    }
  });
});

describe("the home page", () => {
  it("takes no filter: one in its query is dropped by a 301, the other parameters kept", async () => {
    const res = await get("/?rooms=2&max_price=8+млн&page=2&utm_source=ya");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/?utm_source=ya");
    expect((await get("/?utm_source=ya")).status).toBe(200);
  });
});

describe("distance", () => {
  it("«Пешком» alone is walking up to the first time option, finds complexes, and the select shows it", async () => {
    const res = await get("/novostroyki/?distance_type=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/novostroyki/?distance_type=1&distance_time=1");
    const html = await (await get("/novostroyki/?distance_type=1&distance_time=1")).text();
    const total = Number(/Найдено (\d[\d\s ]*)/.exec(html)?.[1]?.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(0);
    const walking = await getJson<ComplexList>(
      "/api/v1/residential-complexes/grid?search[distance_type]=1&search[distance_time]=1&per_page=1",
    );
    expect(total).toBe(walking.body.total);
    expect(html).toMatch(
      /name="distance_type"[^>]*>(?:(?!<\/select>).)*<option value="1" selected="">Пешком</s,
    );
    expect(html).toMatch(
      /name="distance_time"[^>]*>(?:(?!<\/select>).)*<option value="1" selected="">до 5 минут</s,
    );
  });

  it("refuses a time that is not a code of the list, naming the list", async () => {
    const { status, body } = await getJson<{ error: string }>(
      "/api/v1/residential-complexes/grid?distance_time=15",
    );
    expect(status).toBe(400);
    expect(body.error).toMatch(/^distance_time: ожидается одно из: 1 — до 5 минут, .*5 — до 30 минут$/);
  });
});

describe("a page past the end of a list", () => {
  it("is a 404 page with a link to the list's first page, for every paginated list", async () => {
    for (const [path, query] of [
      ["/novostroyki/", "?rooms=2&page=9999"],
      [`/po-metro/${station}/`, "?page=9999"],
      ["/novostroyki/na-karte/", "?page=9999"],
      ["/kvartiry/", "?page=99999"],
      [complexUrl, "?page=9999"],
      ["/journal/", "?page=999"],
      ["/companies/developers/", "?page=999"],
    ]) {
      const res = await get(`${path}${query}`);
      expect(res.status, path).toBe(404);
      const first = `${path}${query?.replace(/&?page=\d+/, "").replace(/^\?$/, "")}`;
      const link = /<a href="([^"]*)"[^>]*>открыть первую страницу списка<\/a>/.exec(await res.text());
      expect(link?.[1]?.replace(/&amp;/g, "&"), path).toBe(first);
    }
  });
});

describe("a filter form submitted without JavaScript", () => {
  it("moves to the canonical address: no empty, default or repeated values; other marks kept", async () => {
    for (const [submitted, canonical] of [
      [
        "/novostroyki/?min_price=&max_price=8100000&rooms=2&rooms=3&deadline=&min_area=&max_area=&otdelka=&distance_type=&distance_time=&sort=price+desc",
        "/novostroyki/?max_price=8100000&rooms=2,3",
      ],
      ["/novostroyki/?min_price=&utm_source=ya", "/novostroyki/?utm_source=ya"],
      ["/kvartiry/?rooms=&min_price=&max_price=&sort=", "/kvartiry/"],
      [`${complexUrl}?rooms=1&min_area=&korpus=`, `${complexUrl}?rooms=1&korpus=`],
    ]) {
      const res = await get(submitted ?? "");
      expect(res.status, submitted).toBe(301);
      expect(res.headers.get("Location"), submitted).toBe(canonical);
    }
  });

  it("does not move a canonical address, whatever the order of its parameters", async () => {
    for (const url of [
      "/novostroyki/?max_price=8100000&rooms=2,3",
      "/novostroyki/?rooms=2,3&max_price=8100000",
    ]) {
      expect((await get(url)).status, url).toBe(200);
    }
  });
});

describe("an id that is not a number", () => {
  it("is a 400 naming the parameter once, in every call", async () => {
    for (const [url, name] of [
      ["/api/v1/living-objects/grid?search[house_id]=abc", "search[house_id]"],
      ["/api/v1/living-objects/grid?residential_complex_id=abc", "residential_complex_id"],
      ["/api/v1/residential-complexes/grid?search[regions]=abc", "search[regions]"],
      ["/api/v1/residential-complexes/grid?developers=x", "developers"],
      ["/api/v1/media/posts/grid?search[category_id]=abc", "search[category_id]"],
    ]) {
      const { status, body } = await getJson<{ error: string }>(url ?? "");
      expect(status, url).toBe(400);
      expect(body.error.split(name ?? "").length - 1, body.error).toBe(1);
      expect(body.error, url).toMatch(/: ожида[а-я]+ [а-я]/);
    }
  });
});

describe("noindex", () => {
  it("follows the table's one rule on every listing page: at most one filter value, the first page", async () => {
    for (const [url, indexed] of [
      ["/novostroyki/?rooms=2", true],
      ["/novostroyki/?min_price=3000000&max_price=8100000", true],
      ["/novostroyki/?rooms=1,2", false],
      ["/novostroyki/?page=2", false],
      ["/novostroyki/?rooms=2&otdelka=3", false],
      ["/novostroyki/moskva/", true],
      ["/novostroyki/moskva/?rooms=2", false],
      [`/po-metro/${station}/`, true],
      [`/po-metro/${station}/?build_class=2`, false],
      ["/novostroyki/na-karte/?distance_type=1&distance_time=2", true],
      ["/novostroyki/na-karte/?distance_type=1&distance_time=2&rooms=0", false],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect((await res.text()).includes('<meta name="robots" content="noindex, follow"/>'), url).toBe(
        !indexed,
      );
    }
  });
});

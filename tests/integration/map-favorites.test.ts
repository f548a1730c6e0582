import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { filterKeys } from "../../shared/filter-keys";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { firstView } from "../../shared/map/cluster";
import { FIRST_LEVEL } from "../../shared/map/projection";
import type { ComplexList } from "../../shared/schemas/catalogue";
import type { ComplexMap, ComplexMapClusters } from "../../shared/schemas/map";
import { fallbackOf, get, getJson } from "./helpers";

const GRID = "/api/v1/residential-complexes/grid";
const MAP = "/api/v1/residential-complexes/map";
const CLUSTERS = "/api/v1/residential-complexes/map-clusters";
const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** Every id of a grid query, through all its pages. */
async function gridIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await getJson<ComplexList>(`${GRID}?per_page=100&page=${page}&${query}`);
    expect(status, query).toBe(200);
    ids.push(...body.data.map((c) => c.id));
    if (page >= body.last_page) return ids;
  }
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function publishedIds(limit: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM residential_complexes WHERE is_published = 1 ORDER BY id LIMIT ?1",
  )
    .bind(limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** Map queries that narrow the catalogue in every way the filter can. */
async function mapQueries(): Promise<string[]> {
  const station = await env.DB.prepare(
    "SELECT s.id, s.slug FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id WHERE s.kind = 'metro' GROUP BY s.id ORDER BY count(*) DESC LIMIT 1",
  ).first<{ id: number; slug: string }>();
  return [
    "",
    "search[regions]=1",
    "min_price=5000000&max_price=15000000",
    "search[rooms]=2&search[area][min]=50",
    "otdelka=3",
    "search[deadline]=0",
    "search[near]=mcc",
    "search[investment]=1",
    `search[subway_stations]=${station?.id}`,
    `search[location]=po-metro/${station?.slug}`,
    "distance_type=1&distance_time=2&build_class=2,3",
  ];
}

/** The boot data of a page: the SWR fallback the server embeds. */
describe("residential-complexes/map", () => {
  it("answers every complex of the grid's filter, for several filters", async () => {
    const sizes = new Set<number>();
    for (const query of await mapQueries()) {
      const { status, body } = await getJson<ComplexMap>(`${MAP}?${query}`);
      expect(status, query).toBe(200);
      const ids = body.points.map((p) => p[0]);
      expect(sorted(ids), query).toEqual(sorted(await gridIds(query)));
      sizes.add(ids.length);
    }
    // The filters really narrow: the answers differ in size.
    expect(sizes.size).toBeGreaterThan(3);
  });

  it("sends compact points: coordinates, name, link, price and the nearest station once", async () => {
    const map = (await getJson<ComplexMap>(MAP)).body;
    const grid = (await getJson<ComplexList>(`${GRID}?per_page=100`)).body;
    expect(map.points.length).toBe(grid.total);
    const names = map.stations.map(([name, kind, color]) => `${kind}|${name}|${color}`);
    expect(new Set(names).size).toBe(names.length);
    for (const [, kind, color] of map.stations) {
      expect(["metro", "mcc", "mcd"]).toContain(kind);
      expect(color).toMatch(/^#[0-9a-f]{6}$/i);
    }
    const byId = new Map(grid.data.map((c) => [c.id, c]));
    let compared = 0;
    for (const [id, lat, lng, name, slug, price, station] of map.points) {
      expect(lat).toBeGreaterThan(54.5);
      expect(lat).toBeLessThan(57.2);
      expect(lng).toBeGreaterThan(35);
      expect(lng).toBeLessThan(40.5);
      expect(slug).toMatch(new RegExp(`^[a-z0-9-]+-${id}$`));
      const card = byId.get(id);
      if (!card) continue;
      compared++;
      expect([name, slug, price]).toEqual([card.name, card.slug, card.min_price]);
      expect(lat).toBeCloseTo(card.lat, 3);
      expect(lng).toBeCloseTo(card.lng, 3);
      // The card lists stations nearest first (walking first): the map names the first.
      const nearest = card.stations[0];
      const named = map.stations[station];
      expect(named ? [named[0], named[1], named[2]] : null).toEqual(
        nearest ? [nearest.name, nearest.kind, nearest.color] : null,
      );
    }
    expect(compared).toBe(Math.min(100, grid.total));
  });

  it("answers 400 in Russian for bad input and 404 for an unknown place, uncached", async () => {
    for (const call of [MAP, CLUSTERS]) {
      for (const [query, field] of [
        ["min_price=дорого", "min_price"],
        ["distance_time=10", "distance_time"],
        ["search[ids]=abc", "ids"],
        ["page=0", "page"],
      ]) {
        const res = await get(`${call}?${query}`, { headers: { Accept: "application/json" } });
        expect(res.status, query).toBe(400);
        expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
        expect(res.headers.get("Cache-Control")).toBeNull();
        const { error } = (await res.json()) as { error: string };
        expect(error).toContain(field);
        expect(error).toMatch(/[а-я]{3}/);
      }
      const unknown = await get(`${call}?search[location]=po-metro/net-takoy-stantsii`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get("Cache-Control")).toBeNull();
      expect(((await unknown.json()) as { error: string }).error).toMatch(/[а-я]{3}/);
    }
  });

  it("may be kept by a browser or a cache for a minute, and the whole catalogue's is read through KV", async () => {
    for (const path of [MAP, `${MAP}?search[regions]=1`, CLUSTERS, `${CLUSTERS}?search[rooms]=1`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe(CACHE_CONTROL);
    }
    // Only the unfiltered answers are stored (a filter's would be one entry per combination).
    const stored = (await env.KV.list({ prefix: "v1:map" })).keys.map((k) => k.name).sort();
    expect(stored).toEqual(["v1:map-clusters:all", "v1:map:all"]);
    // They are what the next visit gets, even when the database would now answer otherwise.
    const before = (await getJson<ComplexMap>(MAP)).body;
    const hidden = before.points[0]?.[0] ?? 0;
    await env.DB.prepare("UPDATE residential_complexes SET is_published = 0 WHERE id = ?1")
      .bind(hidden)
      .run();
    try {
      expect((await getJson<ComplexList>(GRID)).body.total).toBe(before.points.length - 1);
      expect((await getJson<ComplexMap>(MAP)).body).toEqual(before);
      expect((await getJson<ComplexMapClusters>(CLUSTERS)).body.total).toBe(before.points.length);
    } finally {
      await env.DB.prepare("UPDATE residential_complexes SET is_published = 1 WHERE id = ?1")
        .bind(hidden)
        .run();
      await Promise.all(stored.map((key) => env.KV.delete(key)));
    }
  });
});

describe("residential-complexes/map-clusters", () => {
  it("sums every level's clusters to the grid's total, for several filters: the browser's clusters of the points", async () => {
    const totals = new Set<number>();
    for (const query of await mapQueries()) {
      const { status, body } = await getJson<ComplexMapClusters>(`${CLUSTERS}?${query}`);
      expect(status, query).toBe(200);
      const total = (await getJson<ComplexList>(`${GRID}?per_page=1&${query}`)).body.total;
      expect(body.total, query).toBe(total);
      expect(body.levels).toHaveLength(FIRST_LEVEL + 1);
      for (const [level, clusters] of body.levels.entries()) {
        expect(
          clusters.reduce((n, c) => n + c[2], 0),
          `${query} level ${level}`,
        ).toBe(total);
      }
      // Exactly what the browser makes of the points once they arrive: nothing on the map moves.
      expect(body, query).toEqual(firstView((await getJson<ComplexMap>(`${MAP}?${query}`)).body));
      totals.add(total);
    }
    expect(totals.size).toBeGreaterThan(3);
  });
});

describe("the ids filter of the grid", () => {
  it("lists exactly the named complexes, keeping only numeric ids", async () => {
    const [a, b, c] = await publishedIds(3);
    const { status, body } = await getJson<ComplexList>(
      `${GRID}?search[ids]=${c},x,${a},-${b},,${a}&per_page=100`,
    );
    expect(status).toBe(200);
    expect(sorted(body.data.map((x) => x.id))).toEqual(sorted([a ?? 0, c ?? 0]));
    expect(body.total).toBe(2);
    // With another filter: both apply.
    const region = await env.DB.prepare("SELECT region_id AS r FROM residential_complexes WHERE id = ?1")
      .bind(a ?? 0)
      .first<{ r: number }>();
    const other = region?.r === 1 ? 2 : 1;
    const narrowed = await getJson<ComplexList>(`${GRID}?search[ids]=${a}&search[regions]=${other}`);
    expect(narrowed.body.total).toBe(0);
    const unknown = await getJson<ComplexList>(`${GRID}?search[ids]=999999999`);
    expect([unknown.status, unknown.body.total]).toEqual([200, 0]);
  });

  it("reads up to 100 ids and refuses more with a Russian 400 (never a silent cut)", async () => {
    const all = await publishedIds(1000);
    // Unknown ids first, then real ones: 100 in all.
    const fake = Array.from({ length: 95 }, (_, i) => 900_000_000 + i);
    expect(all.length).toBeGreaterThan(10);
    const ids = [...fake, ...all.slice(0, 5)];
    const { status, body } = await getJson<ComplexList>(`${GRID}?search[ids]=${ids.join(",")}&per_page=100`);
    expect(status).toBe(200);
    expect(sorted(body.data.map((x) => x.id))).toEqual(sorted(all.slice(0, 5)));
    const more = await getJson<{ error: string }>(`${GRID}?search[ids]=${[...fake, ...all].join(",")}`);
    expect(more.status).toBe(400);
    expect(more.body.error).toBe("search[ids]: слишком длинный список: не больше 100 значений");
  });

  it("refuses an ids list with no id in it", async () => {
    const { status, body } = await getJson<{ error: string }>(`${GRID}?search[ids]=abc,-1`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/^search\[ids\]: .*[а-я]/);
  });
});

/** The sum of the counts on the server-rendered map: clusters and single complexes. */
const markerTotal = (html: string) =>
  [...html.matchAll(/data-count="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);

describe("the map page", () => {
  it("renders the filter, the clustered map and the list, for people and bots", async () => {
    const total = (await getJson<ComplexMap>(MAP)).body.points.length;
    for (const bot of [false, true]) {
      const res = await get("/novostroyki/na-karte/", { bot });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<h1>Новостройки на карте</h1>");
      expect(html).toContain("<title>Новостройки Москвы и Подмосковья на карте");
      expect(html).toContain(
        '<link rel="canonical" href="https://novostroyki.example/novostroyki/na-karte/"/>',
      );
      expect(html).toContain('aria-label="Фильтры новостроек"');
      expect(html).toContain(`На карте ${total}`);
      expect(html).toContain("cmap__cluster");
      // The first view is Moscow and its suburbs: most complexes, not the far towns.
      expect(markerTotal(html)).toBeGreaterThan(total / 2);
      expect(markerTotal(html)).toBeLessThanOrEqual(total);
      expect(html).toMatch(/class="listing-card"/);
      // The base map is ours: МКАД and the metro are drawn, and nothing in it comes from another host.
      const svg = /<svg class="cmap__svg".*?<\/svg>/s.exec(html)?.[0] ?? "";
      expect(svg).toContain("cmap__ring--mkad");
      expect(svg).toContain('stroke="#E42313"');
      expect(svg).not.toMatch(/https?:/);
    }
  });

  it("embeds the first view's clusters, not the points: the page's size follows the clusters", async () => {
    const cases: [string, CatalogueFilter][] = [
      ["", {}],
      ["regions=1", { regions: [1] }],
      ["rooms=2", { rooms: [2] }],
      ["regions=2&rooms=0,1", { regions: [2], rooms: [0, 1] }],
    ];
    for (const [query, filter] of cases) {
      const points = (await getJson<ComplexMap>(filterKeys.complexMap(filter))).body.points;
      const html = await (await get(`/novostroyki/na-karte/?${query}`)).text();
      const fallback = fallbackOf(html);
      const key = filterKeys.complexMapClusters(filter);
      // The first view's clusters; the points call is not among the page's data.
      expect(Object.keys(fallback), query).toContain(key);
      expect(Object.keys(fallback).filter((k) => k === MAP || k.startsWith(`${MAP}?`))).toEqual([]);
      const view = fallback[key] as ComplexMapClusters;
      expect(view.total, query).toBe(points.length);
      // Its size follows the clusters and the complexes alone in one, not the points.
      const clusters = view.levels.flat().length;
      expect(JSON.stringify(view).length, query).toBeLessThan(80 * clusters + 160 * view.points.length + 100);
      // Complexes named in the page: the list's first page and those alone on the first view, no others.
      const named = points.filter((p) => html.includes(`/novostroyki/${p[4]}/`)).length;
      expect(named, query).toBeLessThanOrEqual(12 + view.points.length);
    }
  });

  it("opens at the view of a shared link (?map=lat,lng,zoom) and ignores a malformed one", async () => {
    const base = async (query: string) =>
      /<g [^>]*transform="matrix\(([-\d.e]+) 0 0 [-\d.e]+ ([-\d.e]+) ([-\d.e]+)\)" class="cmap__base[ "]/
        .exec(await (await get(`/novostroyki/na-karte/${query}`)).text())
        ?.slice(1)
        .map(Number);
    const home = await base("");
    expect(home).toHaveLength(3);
    // Zoom 6 on the centre of Moscow: 64 px a kilometre, the origin in the middle of the server's frame.
    expect(await base("?map=55.7539,37.6208,6")).toEqual([64, 600, 300]);
    for (const bad of ["?map=55.75,37.62", "?map=abc", "?map=55.75,37.62,6,1", "?map=-55,37,6"]) {
      expect(await base(bad), bad).toEqual(home);
    }
  });

  it("follows the URL's filter: every complex of Moscow is on the first view, in clusters and points", async () => {
    const moscow = (await getJson<ComplexMap>(`${MAP}?search[regions]=1`)).body.points.length;
    const studios = (await getJson<ComplexMap>(`${MAP}?search[regions]=1&search[rooms]=0`)).body.points
      .length;
    expect(studios).toBeLessThan(moscow);
    for (const [query, total] of [
      ["regions=1", moscow],
      ["regions=1&rooms=0", studios],
    ] as const) {
      const html = await (await get(`/novostroyki/na-karte/?${query}`)).text();
      expect(html).toContain(`На карте ${total}`);
      expect(markerTotal(html), query).toBe(total);
    }
  });
});

describe("the favourites page", () => {
  it("renders its shell: the h1, noindex, and no data the server cannot know", async () => {
    const res = await get("/izbrannoe/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Избранное</h1>");
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain("чтобы увидеть его, включите JavaScript");
    expect(html).not.toContain('class="listing-card"');
    // The header's heart leads here.
    expect(html).toMatch(/<a\b(?=[^>]*href="\/izbrannoe\/")(?=[^>]*aria-label="Избранное")[^>]*>/);
  });
});

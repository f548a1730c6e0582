import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { filterKeys } from "../../shared/filter-keys";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { cellKm, clustersAt, inBox, withMergeMargin } from "../../shared/map/cluster";
import { FIRST_LEVEL, project, ZOOM_MAX } from "../../shared/map/projection";
import { bboxParam, FIRST_VIEW, MAX_BOX_CELLS, type ViewQuery } from "../../shared/map/view";
import type { ComplexCard, ComplexList } from "../../shared/schemas/catalogue";
import type { MapClusterTuple, MapView } from "../../shared/schemas/map";
import { listCellCommutesSql, listMapCellsSql } from "../../worker/db/queries/map-view";
import { forgetWholeMap } from "../../worker/loaders/map-view";
import { fallbackOf, get, getJson, rows } from "./helpers";

const GRID = "/api/v1/residential-complexes/grid";
const VIEW = "/api/v1/residential-complexes/map-view";
const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** Every card of a grid query, through all its pages. */
async function gridCards(query: string): Promise<ComplexCard[]> {
  const cards: ComplexCard[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await getJson<ComplexList>(`${GRID}?per_page=100&page=${page}&${query}`);
    expect(status, query).toBe(200);
    cards.push(...body.data);
    if (page >= body.last_page) return cards;
  }
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

const viewUrl = (query: string, view: ViewQuery) =>
  `${VIEW}?${[query, `zoom=${view.zoom}`, view.bbox ? `bbox=${bboxParam(view.bbox)}` : ""].filter(Boolean).join("&")}`;

/** The clusters the grid clustering makes of cards at a level: [count, key] and the centroid. */
const oracle = (cards: ComplexCard[], level: number) =>
  clustersAt(
    cards.map((c) => ({ ...project(c.lat, c.lng), id: c.id })),
    level,
  ).map((c) => ({
    count: c.items.length,
    key: Math.min(...c.items.map((p) => p.id)),
    x: c.x,
    y: c.y,
  }));

function expectClusters(made: MapClusterTuple[], expected: ReturnType<typeof oracle>, label: string) {
  expect(
    made.map((c) => [c[2], c[3]]),
    label,
  ).toEqual(expected.map((c) => [c.count, c.key]));
  for (const [i, c] of made.entries()) {
    expect(Math.abs(c[0] - (expected[i]?.x ?? Infinity)), label).toBeLessThan(0.002);
    expect(Math.abs(c[1] - (expected[i]?.y ?? Infinity)), label).toBeLessThan(0.002);
  }
}

describe("residential-complexes/map-view", () => {
  it("sums the first view's clusters at every level to the grid's total, as the grid clustering makes them, for several filters", async () => {
    const totals = new Set<number>();
    for (const query of await mapQueries()) {
      const { status, body } = await getJson<MapView>(viewUrl(query, FIRST_VIEW));
      expect(status, query).toBe(200);
      const cards = await gridCards(query);
      expect(body.from).toBe(0);
      expect(body.levels).toHaveLength(FIRST_LEVEL + 1);
      for (const [level, clusters] of body.levels.entries()) {
        expect(
          clusters.reduce((n, c) => n + c[2], 0),
          `${query} level ${level}`,
        ).toBe(cards.length);
        expectClusters(clusters, oracle(cards, level), `${query} level ${level}`);
      }
      totals.add(cards.length);
    }
    // The filters really narrow: the answers differ.
    expect(totals.size).toBeGreaterThan(3);
  }, 60_000);

  it("answers a closer view with its level's clusters of the complexes in its box, and no others", async () => {
    const cards = await gridCards("");
    const centre = cards[0] ?? { lat: 55.75, lng: 37.62 };
    const at = project(centre.lat, centre.lng);
    let compared = 0;
    for (const level of [FIRST_LEVEL + 1, 6, 9, ZOOM_MAX]) {
      const half = (MAX_BOX_CELLS / 2) * cellKm(level);
      const bbox = { min: { x: at.x - half, y: at.y - half }, max: { x: at.x + half, y: at.y + half } };
      const { status, body } = await getJson<MapView>(viewUrl("", { zoom: level, bbox }));
      expect(status).toBe(200);
      expect([body.from, body.levels.length]).toEqual([level, 1]);
      // The clusters of the complexes in the box and a margin around it, whose centroid is in the box.
      const around = withMergeMargin(bbox, level);
      const near = cards.filter((c) => inBox(around, project(c.lat, c.lng)));
      const expected = oracle(near, level).filter((c) => inBox(bbox, c));
      const shown = expected.reduce((n, c) => n + c.count, 0);
      const clusters = body.levels[0] ?? [];
      expect(clusters.reduce((n, c) => n + c[2], 0)).toBe(shown);
      expectClusters(clusters, expected, `level ${level}`);
      compared += shown;
      // Each complex alone in a cluster comes as a point, with the card's name, link and price.
      const byId = new Map(cards.map((c) => [c.id, c]));
      const points = new Map(body.points.map((p) => [p[0], p]));
      for (const c of clusters.filter((c) => c[2] === 1)) {
        const point = points.get(c[3]);
        const card = byId.get(c[3]);
        expect(point && [point[3], point[4], point[5]]).toEqual(
          card && [card.name, card.slug, card.min_price],
        );
        const station = point && body.stations[point[6]];
        const nearest = card?.stations[0];
        expect(station ?? null).toEqual(nearest ? [nearest.name, nearest.kind, nearest.color] : null);
      }
      // At the closest level every cluster opens as a card: its complexes are there.
      if (level === ZOOM_MAX) {
        for (const c of clusters.filter((c) => c[2] > 1)) {
          expect(body.together.find((ids) => ids[0] === c[3])).toHaveLength(c[2]);
        }
        expect(body.points.length).toBe(shown);
      }
    }
    expect(compared).toBeGreaterThan(0);
  }, 60_000);

  it("keeps a cluster where it is in the answer of any box that holds it: a pan moves no cluster in view", async () => {
    let shared = 0;
    for (const level of [FIRST_LEVEL + 1, 6, 8]) {
      const cell = cellKm(level);
      const a = { min: { x: -12 * cell, y: -8 * cell }, max: { x: 12 * cell, y: 8 * cell } };
      // Boxes beside it, overlapping it by part of their width and height, their edges through its clusters.
      for (const [dx, dy] of [
        [5, 0],
        [-7, 3],
        [0, -5],
        [9.5, 6.5],
      ] as const) {
        const b = {
          min: { x: a.min.x + dx * cell, y: a.min.y + dy * cell },
          max: { x: a.max.x + dx * cell, y: a.max.y + dy * cell },
        };
        const [one, other] = await Promise.all(
          [a, b].map(async (bbox) => (await getJson<MapView>(viewUrl("", { zoom: level, bbox }))).body),
        );
        const key = (c: MapClusterTuple) => JSON.stringify(c);
        const inOther = new Map((other?.levels[0] ?? []).map((c) => [c[3], c]));
        for (const c of one?.levels[0] ?? []) {
          if (!inBox(b, { x: c[0], y: c[1] })) continue;
          const there = inOther.get(c[3]);
          expect(there && key(there), `level ${level}, ${dx},${dy}: ${key(c)}`).toBe(key(c));
          shared++;
        }
      }
    }
    // Most of the seeded catalogue is around Moscow: the boxes share many clusters.
    expect(shared).toBeGreaterThan(50);
  }, 60_000);

  it("colours every cluster by its complexes' least minutes to a destination, as the direct computation, whole and closer", async () => {
    const stations = await rows<{ id: number }>(
      "SELECT to_id AS id FROM station_trips GROUP BY to_id ORDER BY count(*) DESC, to_id LIMIT 3",
    );
    let compared = 0;
    for (const { id: to } of stations) {
      // Each published complex's least walk + trip there, straight from the two tables.
      const best = new Map(
        (
          await rows<{ id: number; best: number }>(
            `SELECT cs.complex_id AS id, min(cs.minutes + t.minutes) AS best FROM complex_stations cs
              JOIN station_trips t ON t.from_id = cs.station_id AND t.to_id = ?1
              WHERE cs.distance_type = 1 GROUP BY cs.complex_id`,
            to,
          )
        ).map((r) => [r.id, r.best]),
      );
      for (const query of [
        `commute_to=${to}`,
        `commute_to=${to}&commute_max=60`,
        `commute_to=${to}&search[rooms]=2`,
      ]) {
        const cards = await gridCards(query);
        const at = project(cards[0]?.lat ?? 55.75, cards[0]?.lng ?? 37.62);
        const half = 8 * cellKm(7);
        const box = { min: { x: at.x - half, y: at.y - half }, max: { x: at.x + half, y: at.y + half } };
        for (const view of [FIRST_VIEW, { zoom: 7, bbox: box }]) {
          const { body } = await getJson<MapView>(viewUrl(query, view));
          const around = withMergeMargin(box, 7);
          const inView = cards
            .map((c) => ({ ...project(c.lat, c.lng), id: c.id }))
            .filter((p) => !view.bbox || inBox(around, p));
          for (const [i, clusters] of body.levels.entries()) {
            const made = clustersAt(inView, body.from + i).filter((m) => !view.bbox || inBox(box, m));
            expect(
              clusters.map((c) => c[8]),
              `${query} level ${body.from + i}`,
            ).toEqual(
              made.map((m) => {
                const known = m.items.map((p) => best.get(p.id) ?? Infinity);
                const least = Math.min(...known);
                return Number.isFinite(least) ? least : -1;
              }),
            );
            compared += clusters.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it("keeps a view's answer small: its size follows its clusters and the complexes alone, not the catalogue", async () => {
    const whole = await get(viewUrl("", FIRST_VIEW));
    const body = (await whole.clone().json()) as MapView;
    const bytes = (await whole.text()).length;
    const clusters = body.levels.flat().length;
    expect(bytes).toBeLessThan(80 * clusters + 160 * body.points.length + 200);
    expect(bytes).toBeLessThan(30_000);
  });

  it("answers 400 in Russian for a bad zoom or box or filter, and 404 for an unknown place, uncached", async () => {
    const moscow = bboxParam({ min: project(55.8, 37.5), max: project(55.7, 37.7) });
    for (const [query, field] of [
      ["", "zoom"],
      ["zoom=abc", "zoom"],
      ["zoom=13", "zoom"],
      ["zoom=-1", "zoom"],
      ["zoom=3.5", "zoom"],
      ["zoom=7", "bbox"],
      ["zoom=7&bbox=37.5,55.7,37.7", "bbox"],
      ["zoom=7&bbox=37.5,55.7,37.7,abc", "bbox"],
      ["zoom=7&bbox=37.7,55.7,37.5,55.8", "bbox"],
      ["zoom=7&bbox=37.5,55.8,37.7,55.7", "bbox"],
      ["zoom=7&bbox=37.5,95,37.7,96", "bbox"],
      ["zoom=7&bbox=1e3,55.7,37.7,55.8", "bbox"],
      // The whole region at a close zoom: far more cells than any screen.
      ["zoom=10&bbox=36.6,54.85,39.1,56.8", "bbox"],
      [`zoom=7&bbox=${moscow}&min_price=дорого`, "min_price"],
      [`zoom=7&bbox=${moscow}&search[ids]=abc`, "ids"],
    ]) {
      const res = await get(`${VIEW}?${query}`, { headers: { Accept: "application/json" } });
      expect(res.status, query).toBe(400);
      expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
      expect(res.headers.get("Cache-Control")).toBeNull();
      const { error } = (await res.json()) as { error: string };
      expect(error, query).toContain(field);
      expect(error, query).toMatch(/[а-я]{3}/);
    }
    const unknown = await get(`${VIEW}?zoom=3&search[location]=po-metro/net-takoy-stantsii`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Cache-Control")).toBeNull();
    expect(((await unknown.json()) as { error: string }).error).toMatch(/[а-я]{3}/);
    // A good one, at the closest level too.
    expect((await get(`${VIEW}?zoom=7&bbox=${moscow}`)).status).toBe(200);
  });

  it("may be kept by a browser or a cache for a minute; the whole catalogue's first view is read through KV", async () => {
    const moscow = bboxParam({ min: project(55.8, 37.5), max: project(55.7, 37.7) });
    for (const path of [
      viewUrl("", FIRST_VIEW),
      viewUrl("search[regions]=1", FIRST_VIEW),
      `${VIEW}?zoom=8&bbox=${moscow}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe(CACHE_CONTROL);
    }
    // A destination alone narrows nothing: its first view's cells are the whole catalogue's, kept too.
    const [{ id: to = 0 } = {}] = await rows<{ id: number }>("SELECT to_id AS id FROM station_trips LIMIT 1");
    expect((await get(viewUrl(`commute_to=${to}`, FIRST_VIEW))).status).toBe(200);
    // Only those are stored (a filter's or a box's would be one entry per combination).
    const stored = (await env.KV.list({ prefix: "v1:map" })).keys.map((k) => k.name);
    expect(stored).toEqual(["v1:map-cells:all", "v1:map-view:all"]);
    const before = (await getJson<MapView>(viewUrl("", FIRST_VIEW))).body;
    const withTo = (await getJson<MapView>(viewUrl(`commute_to=${to}`, FIRST_VIEW))).body;
    const total = (before.levels[0] ?? []).reduce((n, c) => n + c[2], 0);
    const hidden = before.levels[FIRST_LEVEL]?.[0]?.[3] ?? 0;
    await env.DB.prepare("UPDATE residential_complexes SET is_published = 0 WHERE id = ?1")
      .bind(hidden)
      .run();
    try {
      expect((await getJson<ComplexList>(GRID)).body.total).toBe(total - 1);
      expect((await getJson<MapView>(viewUrl("", FIRST_VIEW))).body).toEqual(before);
      const counts = (v: MapView) => v.levels.map((l) => l.map((c) => c[2]));
      expect(counts((await getJson<MapView>(viewUrl(`commute_to=${to}`, FIRST_VIEW))).body)).toEqual(
        counts(withTo),
      );
      // The feeds' pull forgets both, and the next view counts afresh.
      await forgetWholeMap(env.KV);
      expect((await env.KV.list({ prefix: "v1:map" })).keys).toEqual([]);
      const fresh = (await getJson<MapView>(viewUrl(`commute_to=${to}`, FIRST_VIEW))).body;
      expect((fresh.levels[0] ?? []).reduce((n, c) => n + c[2], 0)).toBe(total - 1);
    } finally {
      await env.DB.prepare("UPDATE residential_complexes SET is_published = 1 WHERE id = ?1")
        .bind(hidden)
        .run();
      await forgetWholeMap(env.KV);
    }
  });
});

/** The sum of the counts on the server-rendered map: clusters and single complexes. */
const markerTotal = (html: string) =>
  [...html.matchAll(/data-count="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);

describe("the map's cells query", () => {
  it("reads a box's complexes through the coordinates' index, for any filter", async () => {
    const box = { min: project(55.8, 37.5), max: project(55.7, 37.7) };
    for (const filter of [{}, { rooms: [2] }, { price: { max: 9_000_000 } }] as CatalogueFilter[]) {
      const q = listMapCellsSql(filter, 8, box);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
        .bind(...q.params)
        .all<{ detail: string }>();
      expect(results.map((r) => r.detail).join("\n")).toMatch(
        /SEARCH rc USING (COVERING )?INDEX rc_map \(lat>\? AND lat<\?\)/,
      );
    }
  });
});

describe("the map's commute query", () => {
  it("reads the whole catalogue's kept minutes as one range of complex_commutes_order, a box's by its complexes", async () => {
    const box = { min: project(55.8, 37.5), max: project(55.7, 37.7) };
    for (const [filter, view] of [
      [{ commute_to: 1 }, null],
      [{ commute_to: 1, commute_max: 45 }, null],
      [{ commute_to: 1 }, box],
      [{ commute_to: 1, rooms: [2] }, box],
    ] as [CatalogueFilter, typeof box | null][]) {
      const q = listCellCommutesSql(filter, 1, 8, view);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
        .bind(...q.params)
        .all<{ detail: string }>();
      const plan = results.map((r) => r.detail).join("\n");
      if (view) {
        expect(plan).toMatch(/SEARCH rc USING (COVERING )?INDEX rc_map \(lat>\? AND lat<\?\)/);
        expect(plan).toMatch(/SEARCH k USING PRIMARY KEY \(complex_id=\? AND to_id=\?\)/);
      } else {
        expect(plan).toMatch(/SEARCH k USING COVERING INDEX complex_commutes_order \(to_id=\?\)/);
        // Each complex's place off the small index of ids and places (migration 0030), not its wide row.
        expect(plan).toMatch(/SEARCH rc USING (COVERING )?INDEX rc_map_place \(id=\?\)/);
      }
      expect(plan).not.toMatch(/SCAN (rc|k)\b/);
    }
  });
});

describe("the map page", () => {
  it("embeds the first view's answer, whose count is the list's, and draws it", async () => {
    const cases: [string, string, CatalogueFilter][] = [
      ["", "", {}],
      ["regions=1", "search[regions]=1", { regions: [1] }],
      ["rooms=2", "search[rooms]=2", { rooms: [2] }],
      ["regions=1&rooms=0", "search[regions]=1&search[rooms]=0", { regions: [1], rooms: [0] }],
    ];
    for (const [query, api, filter] of cases) {
      const total = (await getJson<ComplexList>(`${GRID}?per_page=1&${api}`)).body.total;
      const html = await (await get(`/novostroyki/na-karte/?${query}`)).text();
      const fallback = fallbackOf(html);
      const key = filterKeys.complexMapView(filter, FIRST_VIEW);
      expect(Object.keys(fallback), query).toContain(key);
      const view = fallback[key] as MapView;
      expect(
        (view.levels[0] ?? []).reduce((n, c) => n + c[2], 0),
        query,
      ).toBe(total);
      expect(html, query).toContain(`На карте ${total}`);
      // The first view is Moscow and its suburbs: most complexes, not the far towns.
      expect(markerTotal(html), query).toBeGreaterThan(total / 2);
      expect(markerTotal(html), query).toBeLessThanOrEqual(total);
    }
  }, 60_000);
});

/**
 * «Время в пути» (issue 32) on the seeded D1: the commute filter's count and cards equal a direct computation
 * written here from station_trips and complex_stations (not the catalogue's SQL), for 50 seeded random
 * destinations × limits; the URL's round trip and the noindex rule; the commute sort; bad input (an unknown
 * station, a limit out of range); a limit without a destination; a destination at a complex's own station.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { filterToUrlQuery } from "../../shared/filters/catalogue";
import { COMMUTE_LIMITS, pointText, STATION_COUNT } from "../../shared/filters/commute";
import { haversineKm, walkMinutes } from "../../shared/geo/distance";
import { FIRST_LEVEL } from "../../shared/map/projection";
import type { CommuteRoutes, ComplexList } from "../../shared/schemas/catalogue";
import type { MapView } from "../../shared/schemas/map";
import { DESTINATION_WALK_MAX, type DestinationAnswer } from "../../shared/transit/destination";
import { resolvedSearch } from "../../worker/alerts/match-chunk";
import { refreshStationTrips } from "../../worker/commute/refresh";
import type { Param } from "../../worker/db/queries/bind";
import { NO_COMMUTE } from "../../worker/db/queries/commute";
import { countComplexesSql, countTotal, listComplexesSql } from "../../worker/db/queries/complexes";
import { Random } from "../../worker/db/seed/prng";
import { directCountSql, directPageSql } from "../catalogue-oracle";
import { get, getJson, rows } from "./helpers";

async function ids(q: { sql: string; params: Param[] }): Promise<number[]> {
  return (await rows<{ id: number }>(q.sql, ...q.params)).map((r) => r.id);
}

const LIMITS = Object.keys(COMMUTE_LIMITS).map(Number);
const GRID = "/api/v1/residential-complexes/grid";

/** Each published complex's least walk + trip to a destination, straight from the two tables. */
async function direct(to: number): Promise<Map<number, number>> {
  const found = await rows<{ id: number; best: number }>(
    `SELECT rc.id, min(cs.minutes + t.minutes) AS best
     FROM residential_complexes rc
     JOIN complex_stations cs ON cs.complex_id = rc.id AND cs.distance_type = 1
     JOIN station_trips t ON t.from_id = cs.station_id AND t.to_id = ?1
     WHERE rc.is_published = 1 GROUP BY rc.id`,
    to,
  );
  return new Map(found.map((r) => [r.id, r.best]));
}

let published = 0;
beforeAll(async () => {
  published = (
    await rows<{ n: number }>("SELECT count(*) AS n FROM residential_complexes WHERE is_published = 1")
  )[0]?.n as number;
});

describe("commute: the stations and the table", () => {
  it("numbers the stations 1…STATION_COUNT, as the filter's bound says", async () => {
    const [s] = await rows<{ n: number; lo: number; hi: number }>(
      "SELECT count(*) AS n, min(id) AS lo, max(id) AS hi FROM subway_stations",
    );
    expect(s).toEqual({ n: STATION_COUNT, lo: 1, hi: STATION_COUNT });
  });

  it("holds a trip from every station a complex walks to, none longer than the longest limit", async () => {
    const [t] = await rows<{ missing: number; longest: number }>(
      `SELECT (SELECT count(*) FROM (SELECT DISTINCT station_id FROM complex_stations WHERE distance_type = 1) w
          WHERE NOT EXISTS (SELECT 1 FROM station_trips t WHERE t.from_id = w.station_id AND t.to_id = w.station_id)) AS missing,
        (SELECT max(minutes) FROM station_trips) AS longest`,
    );
    expect(t?.missing).toBe(0);
    expect(t?.longest).toBeLessThanOrEqual(90);
  });
});

describe("commute: counts and cards equal the direct computation", () => {
  it("for 50 random destinations × limits (seeded)", async () => {
    const random = new Random(32);
    let someIn = 0;
    let someOut = 0;
    // The kinds of lines ridden (the cards' «на метро и МЦК»): the seed's trips ride more than the metro.
    const kinds = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const to = random.int(1, STATION_COUNT);
      const limit = LIMITS[random.int(0, LIMITS.length - 1)] as number;
      const best = await direct(to);
      const within = [...best].filter(([, m]) => m <= limit).map(([id]) => id);
      const { status, body } = await getJson<ComplexList>(
        `${GRID}?commute_to=${to}&commute_max=${limit}&per_page=100&sort=commute+asc`,
      );
      expect(status).toBe(200);
      expect(body.total, `to ${to} within ${limit}`).toBe(within.length);
      expect(body.data.map((c) => c.id).sort((a, b) => a - b)).toEqual(within.sort((a, b) => a - b));
      for (const card of body.data) {
        expect(card.commute?.minutes, `complex ${card.id}`).toBe(best.get(card.id));
        expect(card.commute?.walk).toBeGreaterThan(0);
        expect(card.commute?.colors.length).toBe(card.commute?.ride ? (card.commute?.transfers ?? 0) + 1 : 0);
        expect(card.commute?.kinds.length).toBe(card.commute?.colors.length);
        for (const kind of card.commute?.kinds ?? []) kinds.add(kind);
      }
      // In the commute's order, the quickest first.
      const minutes = body.data.map((c) => c.commute?.minutes ?? 0);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
      expect(body.commute_to?.id).toBe(to);
      if (within.length) someIn++;
      if (within.length < published) someOut++;
    }
    // The draw is not vacuous: some limits find complexes, some leave some out.
    expect(someIn).toBeGreaterThan(10);
    expect(someOut).toBeGreaterThan(10);
    expect([...kinds].sort()).toEqual(["mcc", "mcd", "metro"]);
  });

  it("a limit alone filters nothing (a limit to nowhere)", async () => {
    const { body } = await getJson<ComplexList>(`${GRID}?commute_max=30`);
    expect(body.total).toBe(published);
    expect(body.commute_to).toBeUndefined();
  });

  it("a destination alone filters nothing: every card says its time, or null when none is known", async () => {
    const to = 1;
    const best = await direct(to);
    const { body } = await getJson<ComplexList>(`${GRID}?commute_to=${to}&per_page=100`);
    expect(body.total).toBe(published);
    for (const card of body.data) expect(card.commute?.minutes ?? null).toBe(best.get(card.id) ?? null);
    // The seed has complexes without a station on foot: they are kept here and said to be unknown.
    expect(body.data.some((c) => c.commute === null)).toBe(true);
    // …and never in a limited list.
    const limited = await getJson<ComplexList>(`${GRID}?commute_to=${to}&commute_max=90&per_page=100`);
    expect(limited.body.data.every((c) => c.commute)).toBe(true);
  });

  it("a destination at a complex's own station is the walk alone", async () => {
    const [near] = await rows<{ complex_id: number; station_id: number; minutes: number }>(
      `SELECT cs.complex_id, cs.station_id, cs.minutes FROM complex_stations cs
       JOIN residential_complexes rc ON rc.id = cs.complex_id AND rc.is_published = 1
       WHERE cs.distance_type = 1 ORDER BY cs.minutes, cs.complex_id LIMIT 1`,
    );
    if (!near) throw new Error("no complex walks to a station in the seed");
    const { body } = await getJson<ComplexList>(
      `${GRID}?commute_to=${near.station_id}&commute_max=30&search[ids]=${near.complex_id}`,
    );
    expect(body.data[0]?.commute).toEqual({
      minutes: near.minutes,
      walk: near.minutes,
      ride: 0,
      transfers: 0,
      colors: [],
      kinds: [],
    });
  });
});

describe("commute: the URL, the sort and bad input", () => {
  it("round-trips in the page URL, and a page with a commute is never indexed", async () => {
    const res = await get("/novostroyki/?commute_to=7&commute_max=45");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.includes('<meta name="robots" content="noindex, follow"')).toBe(true);
    expect(/<link rel="canonical" href="[^"?]*\/novostroyki\/"/.test(html)).toBe(true);
    // The form shows the choice, so that a submit without JavaScript keeps it.
    expect(html.includes('<input type="hidden" name="commute_to" value="7"/>')).toBe(true);
    expect(/<select[^>]*name="commute_max"[\s\S]*?<option value="45" selected=""/.test(html)).toBe(true);
  });

  it("moves a page to its canonical URL without an unknown station or a limit out of range", async () => {
    for (const [from, to] of [
      [`commute_to=${STATION_COUNT + 1}&commute_max=45`, "?commute_max=45"],
      ["commute_to=0", ""],
      ["commute_to=7&commute_max=50", "?commute_to=7"],
      ["rooms=1&commute_to=abc", "?rooms=1"],
    ] as const) {
      const res = await get(`/novostroyki/?${from}`);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("Location"), from).toBe(`/novostroyki/${to}`);
    }
  });

  it("answers the API's bad input with a Russian 400", async () => {
    for (const [query, name] of [
      [`commute_to=${STATION_COUNT + 1}`, "commute_to"],
      ["search[commute_to]=x", "search[commute_to]"],
      ["commute_to=7&commute_max=50", "commute_max"],
    ] as const) {
      const res = await get(`${GRID}?${query}`, { headers: { Accept: "application/json" } });
      expect(res.status, query).toBe(400);
      const text = await res.text();
      expect(text, query).toContain(name);
      expect(text, query).toMatch(/ожидается/);
    }
  });

  it("sorts by the commute only with a destination", async () => {
    const withIt = await getJson<ComplexList>(`${GRID}?commute_to=7&sort=commute+asc&per_page=100`);
    expect(`${withIt.body.sort_column} ${withIt.body.sort_order}`).toBe("commute asc");
    expect(withIt.body.sortable).toContain("commute");
    // Unknown times last; the rest the quickest first, the id settling a tie.
    const keyed = withIt.body.data.map((c) => [c.commute?.minutes ?? 99999, c.id] as const);
    expect(keyed).toEqual([...keyed].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    const without = await getJson<ComplexList>(`${GRID}?sort=commute+asc`);
    expect(without.body.sort_column).toBe("price");
    expect(without.body.sortable).not.toContain("commute");
  });
});

/** The stations with their places, as D1 holds them: the nearest to a point is one of them. */
const stationPlaces = () =>
  rows<{ id: number; lat: number; lng: number }>("SELECT id, lat, lng FROM subway_stations");

/** A point's station and walk computed here: the nearest by the straight line, at the catalogue's pace. */
function nearestOf(stations: { id: number; lat: number; lng: number }[], lat: number, lng: number) {
  const [best] = stations
    .map((s) => ({ id: s.id, km: haversineKm(lat, lng, s.lat, s.lng) }))
    .sort((a, b) => a.km - b.km);
  if (!best) throw new Error("no stations");
  return { to: best.id, walk: walkMinutes(best.km) };
}

/** Seeded points within a short walk of the stations complexes go to: a random station moved up to ~1.5 km. */
async function randomPoints(seed: number, n: number) {
  const stations = await stationPlaces();
  const random = new Random(seed);
  return Array.from({ length: n }, () => {
    const s = stations[random.int(0, stations.length - 1)] as (typeof stations)[number];
    const lat = s.lat + random.int(-130, 130) / 10_000;
    const lng = s.lng + random.int(-220, 220) / 10_000;
    const at = pointText({ lat, lng });
    const [pl, pg] = at.split(",").map(Number) as [number, number];
    return { at, ...nearestOf(stations, pl, pg) };
  });
}

describe("commute: a point as the destination, its walk counted", () => {
  it("counts, cards, the order and the plain forms equal the direct computation plus the walk (seeded points × limits)", async () => {
    const random = new Random(3203);
    let walked = 0;
    let someIn = 0;
    let cut = 0;
    for (const p of await randomPoints(3203, 40)) {
      const limit = LIMITS[random.int(0, LIMITS.length - 1)] as number;
      const best = await direct(p.to);
      const within = [...best].filter(([, m]) => m + p.walk <= limit).map(([id]) => id);
      // The walk matters: some complexes within the station's limit are out once it is added.
      cut += [...best].filter(([, m]) => m <= limit && m + p.walk > limit).length;
      const q = `commute_at=${p.at}&commute_max=${limit}&per_page=100&sort=commute+asc`;
      const { status, body } = await getJson<ComplexList>(`${GRID}?${q}`);
      expect(status, q).toBe(200);
      expect(body.commute_to?.id, q).toBe(p.to);
      expect(body.commute_to?.point, q).toEqual({ at: p.at, walk: p.walk });
      expect(body.total, q).toBe(within.length);
      expect(
        body.data.map((c) => c.id).sort((a, b) => a - b),
        q,
      ).toEqual(within.sort((a, b) => a - b));
      for (const card of body.data) {
        const time = card.commute;
        expect(time?.minutes, `${q} complex ${card.id}`).toBe((best.get(card.id) ?? 0) + p.walk);
        expect(time?.after).toBe(p.walk);
        expect((time?.walk ?? 0) + (time?.ride ?? 0) + (time?.after ?? 0)).toBe(time?.minutes);
      }
      const minutes = body.data.map((c) => c.commute?.minutes ?? 0);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
      // The plain forms (the oracle's) take the same walk: count and page equal the kept ones'.
      const filter = { commute_to: p.to, commute_walk: p.walk, commute_max: limit };
      expect(await countTotal(env.DB, countComplexesSql(filter)), q).toBe(within.length);
      expect(await countTotal(env.DB, directCountSql(filter)), q).toBe(within.length);
      const page = {
        filter: { commute_to: p.to, commute_walk: p.walk },
        page: 2,
        perPage: 9,
        sort: "commute asc" as const,
      };
      expect(await ids(listComplexesSql(page)), q).toEqual(await ids(directPageSql(page)));
      if (p.walk > 1) walked++;
      if (within.length) someIn++;
    }
    // Not vacuous: real walks, lists that find complexes, and complexes the walk leaves out.
    expect(walked).toBeGreaterThan(20);
    expect(someIn).toBeGreaterThan(10);
    expect(cut).toBeGreaterThan(0);
  });

  it("colours the map by the minutes with the walk", async () => {
    for (const p of await randomPoints(3204, 4)) {
      const best = await direct(p.to);
      const { status, body } = await getJson<MapView>(
        `/api/v1/residential-complexes/map-view?zoom=${FIRST_LEVEL}&commute_at=${p.at}&commute_max=90`,
      );
      expect(status).toBe(200);
      for (const pt of body.points)
        expect(pt[7], `complex ${pt[0]}`).toBe((best.get(pt[0]) ?? -1e9) + p.walk);
      const wanted = [...best.values()].map((m) => m + p.walk).filter((m) => m <= 90);
      for (const level of body.levels) {
        const known = level.map((c) => c[8] ?? -2).filter((m) => m >= 0);
        expect(known.length ? Math.min(...known) : -1).toBe(wanted.length ? Math.min(...wanted) : -1);
      }
    }
  });

  it("moves a page to the point's canonical spelling, and drops a malformed point or one outside the region", async () => {
    for (const [from, to] of [
      ["commute_at=55.75390,37.62080&commute_max=45", "?commute_at=55.7539,37.6208&commute_max=45"],
      ["commute_at=55.753912, 37.6208", "?commute_at=55.7539,37.6208"],
      ["commute_at=55.7539;37.62&commute_to=7", "?commute_at=55.7539,37.6200"],
      ["commute_at=abc&commute_max=45", "?commute_max=45"],
      ["commute_at=59.9386,30.3141", ""],
      ["rooms=1&commute_at=55.7539", "?rooms=1"],
    ] as const) {
      const res = await get(`/novostroyki/?${from}`);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("Location"), from).toBe(`/novostroyki/${to}`);
    }
    const res = await get("/novostroyki/?commute_at=55.7539,37.6208&commute_max=45");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.includes('<meta name="robots" content="noindex, follow"')).toBe(true);
    expect(html.includes('<input type="hidden" name="commute_at" value="55.7539,37.6208"/>')).toBe(true);
    expect(html).toMatch(/≈\u00a0\d+\u00a0мин до точки на карте/);
  });

  it("answers a malformed point, one outside the region and one beyond a walk from every station with a Russian 400", async () => {
    for (const [query, says] of [
      ["commute_at=abc", /^commute_at: ожидается точка в Москве или Подмосковье/],
      ["search[commute_at]=55.7539", /^search\[commute_at\]: ожидается точка в Москве или Подмосковье/],
      ["commute_at=59.9386,30.3141", /^commute_at: ожидается точка в Москве или Подмосковье/],
      // In the region, far from any rail: north of Дмитров.
      [
        "commute_at=56.5,37.5",
        /^От этой точки до ближайшей станции, .+, [\d,]+ км — дальше, чем 30 минут пешком/,
      ],
    ] as const) {
      for (const path of [GRID, "/api/v1/residential-complexes/map-view"]) {
        const res = await get(`${path}?zoom=${FIRST_LEVEL}&${query}`, {
          headers: { Accept: "application/json" },
        });
        expect(res.status, `${path} ${query}`).toBe(400);
        expect(((await res.json()) as { error: string }).error, query).toMatch(says);
      }
    }
    // A page with it is the bad URL's page, not a 500.
    expect((await get("/novostroyki/?commute_at=56.5000,37.5000")).status).toBe(404);
    // A saved search with such a point (the stations changed since it was saved) matches nothing, as a gone
    // place; with a point near a station, it is the station and the walk.
    const deps = { db: env.DB, kv: env.KV, reads: new Map() };
    expect(await resolvedSearch(deps, "/novostroyki/?commute_at=56.5000,37.5000&commute_max=60")).toBeNull();
    const [near] = await randomPoints(3206, 1);
    expect(await resolvedSearch(deps, `/novostroyki/?commute_at=${near?.at}&commute_max=60`)).toEqual({
      model: "catalogue",
      filter: { commute_to: near?.to, commute_walk: near?.walk, commute_max: 60 },
    });
  });
});

describe("commute: a complex's routes, one per station it walks to", () => {
  const ROUTES = "/api/v1/commute/routes";
  it("equal the direct computation for each station, the quickest first, with the point's walk", async () => {
    const random = new Random(3205);
    const complexes = await rows<{ id: number }>(
      `SELECT complex_id AS id FROM complex_stations WHERE distance_type = 1 AND minutes IS NOT NULL
       GROUP BY complex_id HAVING count(*) > 1 ORDER BY complex_id`,
    );
    expect(complexes.length).toBeGreaterThan(5);
    const points = await randomPoints(3205, 12);
    let unknown = 0;
    let rides = 0;
    for (const [i, p] of points.entries()) {
      const complex = (complexes[random.int(0, complexes.length - 1)] as { id: number }).id;
      // Half to the point, half to its station alone (no walk).
      const asPoint = i % 2 === 0;
      const walk = asPoint ? p.walk : 0;
      const q = asPoint ? `complex=${complex}&commute_at=${p.at}` : `complex=${complex}&commute_to=${p.to}`;
      const { status, body } = await getJson<CommuteRoutes>(`${ROUTES}?${q}`);
      expect(status, q).toBe(200);
      expect(body.to.id, q).toBe(p.to);
      const want = await rows<{
        station: number;
        walk: number;
        ride: number | null;
        transfers: number | null;
      }>(
        `SELECT cs.station_id AS station, cs.minutes AS walk, t.minutes AS ride, t.transfers
         FROM complex_stations cs LEFT JOIN station_trips t ON t.from_id = cs.station_id AND t.to_id = ?2
         WHERE cs.complex_id = ?1 AND cs.distance_type = 1 AND cs.minutes IS NOT NULL`,
        complex,
        p.to,
      );
      // Every station once, each with its own trip (or none), the walk to the point added.
      expect(
        body.routes.map((r) => r.station.id).sort((a, b) => a - b),
        q,
      ).toEqual(want.map((w) => w.station).sort((a, b) => a - b));
      for (const r of body.routes) {
        const w = want.find((x) => x.station === r.station.id);
        if (w?.ride === null || w?.ride === undefined) {
          expect(r.time, `${q} station ${r.station.id}`).toBeNull();
          unknown++;
          continue;
        }
        expect(r.time?.minutes, `${q} station ${r.station.id}`).toBe(w.walk + w.ride + walk);
        expect(r.time?.walk).toBe(w.walk);
        expect(r.time?.ride).toBe(w.ride);
        expect(r.time?.transfers).toBe(w.transfers);
        if (w.ride > 0) rides++;
      }
      // The quickest first, the stations with no trip last.
      const keyed = body.routes.map((r) => r.time?.minutes ?? 99_999);
      expect(keyed, q).toEqual([...keyed].sort((a, b) => a - b));
      // The first is the card's time: the list's quickest way.
      const list = await getJson<ComplexList>(
        `${GRID}?search[ids]=${complex}&${asPoint ? `commute_at=${p.at}` : `commute_to=${p.to}`}`,
      );
      expect(body.routes[0]?.time?.minutes ?? null, q).toBe(list.body.data[0]?.commute?.minutes ?? null);
    }
    expect(rides).toBeGreaterThan(10);
    // A station with no trip there (beyond the longest limit) beside one with a trip: said so, and last.
    const [pair] = await rows<{ complex: number; to: number }>(
      `SELECT a.complex_id AS complex, t.to_id AS "to" FROM complex_stations a
       JOIN station_trips t ON t.from_id = a.station_id
       JOIN complex_stations b ON b.complex_id = a.complex_id AND b.distance_type = 1 AND b.station_id != a.station_id
       WHERE a.distance_type = 1 AND a.minutes IS NOT NULL AND b.minutes IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM station_trips u WHERE u.from_id = b.station_id AND u.to_id = t.to_id)
       ORDER BY a.complex_id, t.to_id LIMIT 1`,
    );
    if (!pair) throw new Error("the seed has no complex with a station beyond the longest trip");
    const mixed = await getJson<CommuteRoutes>(`${ROUTES}?complex=${pair.complex}&commute_to=${pair.to}`);
    expect(mixed.body.routes[0]?.time).not.toBeNull();
    expect(mixed.body.routes.at(-1)?.time).toBeNull();
    unknown += mixed.body.routes.filter((r) => r.time === null).length;
    expect(unknown).toBeGreaterThan(0);
  });

  it("answers bad input with a Russian 400", async () => {
    for (const [query, says] of [
      ["commute_to=7", /^complex: укажите ЖК/],
      ["complex=x&commute_to=7", /^complex: ожидается номер ЖК/],
      ["complex=1", /^укажите, куда ехать/],
      ["complex=1&commute_at=abc", /^commute_at: ожидается точка в Москве или Подмосковье/],
      ["complex=1&commute_at=56.5,37.5", /^От этой точки до ближайшей станции/],
      [`complex=1&commute_to=${STATION_COUNT + 1}`, /^commute_to: ожидается номер/],
    ] as const) {
      const res = await get(`${ROUTES}?${query}`, { headers: { Accept: "application/json" } });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toMatch(says);
    }
    const gone = await get(`${ROUTES}?complex=999999999&commute_to=7`, {
      headers: { Accept: "application/json" },
    });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toBe("Такого ЖК нет в каталоге");
  });
});

describe("commute: the map coloured by the time", () => {
  const VIEW = "/api/v1/residential-complexes/map-view";
  it("gives each cluster its quickest complex's minutes and each point its own, as the direct computation", async () => {
    const random = new Random(320);
    for (let i = 0; i < 8; i++) {
      const to = random.int(1, STATION_COUNT);
      const best = await direct(to);
      // Without a limit, complexes with no known time are on the map too (-1); with one, only those within it.
      for (const limit of [undefined, 60]) {
        const q = `commute_to=${to}${limit ? `&commute_max=${limit}` : ""}`;
        const { status, body } = await getJson<MapView>(`${VIEW}?zoom=${FIRST_LEVEL}&${q}`);
        expect(status, q).toBe(200);
        const [name, , , x, y] = body.commuteTo ?? [];
        const [station] = await rows<{ name: string }>("SELECT name FROM subway_stations WHERE id = ?1", to);
        expect(name).toBe(station?.name);
        expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
        for (const p of body.points) expect(p[7], `complex ${p[0]} ${q}`).toBe(best.get(p[0]) ?? -1);
        // The first view's levels cover every complex of the filter: a cluster's minutes are its members' least,
        // so the least over a level is the least over the filter's complexes.
        const wanted = [...best.values()].filter((m) => !limit || m <= limit);
        for (const level of body.levels) {
          const known = level.map((c) => c[8] ?? -2).filter((m) => m >= 0);
          expect(level.every((c) => c.length === 9)).toBe(true);
          expect(known.length ? Math.min(...known) : -1).toBe(wanted.length ? Math.min(...wanted) : -1);
        }
      }
    }
  });

  it("sends no minutes without a destination (the view's bytes as before)", async () => {
    const { body } = await getJson<MapView>(`${VIEW}?zoom=${FIRST_LEVEL}`);
    expect(body.commuteTo).toBeUndefined();
    expect(body.levels.flat().every((c) => c.length === 8)).toBe(true);
    expect(body.points.every((p) => p.length === 7)).toBe(true);
  });
});

describe("commute: the method page", () => {
  it("explains the model and offers every station in a plain form to the listing", async () => {
    const res = await get("/vremya-v-puti/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.includes('<form class="commute-form" action="/novostroyki/" method="get">'), "form").toBe(
      true,
    );
    const select = /<select[^>]*name="commute_to"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
    const options = select.match(/<option value="\d+">/g) ?? [];
    expect(options.length).toBe(STATION_COUNT);
    expect(html.includes("48 км/ч"), "speed").toBe(true);
  });
});

describe("commute: the plans", () => {
  /** A statement's plan, each step with the steps under it. */
  async function plan(q: { sql: string; params: (string | number)[] }) {
    const steps = await rows<{ id: number; parent: number; detail: string }>(
      `EXPLAIN QUERY PLAN ${q.sql}`,
      ...q.params,
    );
    const under = (id: number): string[] =>
      steps.filter((s) => s.parent === id).flatMap((s) => [s.detail, ...under(s.id)]);
    return { text: steps.map((s) => s.detail).join("\n"), under, steps };
  }

  it("counts within a limit as one range of the kept minutes (complex_commutes_order)", async () => {
    // A point's walk beyond the station is the same range, its bound less the walk.
    for (const walk of [undefined, 12]) {
      const { text } = await plan(countComplexesSql({ commute_to: 7, commute_max: 45, commute_walk: walk }));
      expect(text).toMatch(
        /SEARCH k USING COVERING INDEX complex_commutes_order \(to_id=\? AND minutes<\?\)/,
      );
      expect(text).not.toMatch(/SCAN k\b|station_trips|TEMP B-TREE/);
    }
  });

  it("reads a page in the commute's order off the index, with no sort of the filter's complexes", async () => {
    for (const filter of [
      { commute_to: 7 },
      { commute_to: 7, commute_max: 60 },
      { commute_to: 7, rooms: [2] },
      { commute_to: 7, commute_max: 60, commute_walk: 12 },
      { commute_to: 7, commute_walk: 12 },
    ]) {
      const p = await plan(listComplexesSql({ filter, page: 3, perPage: 25, sort: "commute asc" }));
      const ids = p.steps.find((s) => s.detail === "CO-ROUTINE p");
      if (!ids) throw new Error(`no page of ids in ${p.text}`);
      const inner = p.under(ids.id).join("\n");
      expect(inner, JSON.stringify(filter)).toMatch(
        /SEARCH k USING COVERING INDEX complex_commutes_order \(to_id=\?/,
      );
      // Only the page's 25 rows are sorted (by the outer ORDER BY), never the filter's complexes.
      expect(inner, JSON.stringify(filter)).not.toMatch(/TEMP B-TREE|SCAN rc\b|SCAN k\b/);
    }
  });
});

describe("commute: the sort's pages equal the plain order", () => {
  it("for seeded destinations, with and without a limit and another field, page after page", async () => {
    const random = new Random(3232);
    let pages = 0;
    for (let i = 0; i < 12; i++) {
      const to = random.int(1, STATION_COUNT);
      for (const filter of [
        { commute_to: to },
        { commute_to: to, commute_max: LIMITS[random.int(0, LIMITS.length - 1)] as number },
        { commute_to: to, rooms: [random.int(1, 3)] },
      ]) {
        const total = await countTotal(env.DB, countComplexesSql(filter));
        for (let page = 1; page <= Math.ceil(total / 7) + 1; page++) {
          const q = { filter, page, perPage: 7, sort: "commute asc" as const };
          expect(await ids(listComplexesSql(q)), `${JSON.stringify(filter)} page ${page}`).toEqual(
            await ids(directPageSql(q)),
          );
          pages++;
        }
      }
    }
    // Not vacuous: many pages, the last ones of an unlimited list holding the complexes with no time.
    expect(pages).toBeGreaterThan(100);
  });
});

/** Rows of complex_commutes that differ from the minimum computed now (none when kept right). */
const drift = () =>
  rows<{ n: number }>(
    `SELECT count(*) AS n FROM (
      SELECT complex_id, to_id, minutes FROM complex_commutes WHERE to_id > 0
      EXCEPT SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
        JOIN station_trips t ON t.from_id = cs.station_id WHERE cs.distance_type = 1 GROUP BY 1, 2
      UNION ALL
      SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
        JOIN station_trips t ON t.from_id = cs.station_id WHERE cs.distance_type = 1 GROUP BY 1, 2
      EXCEPT SELECT complex_id, to_id, minutes FROM complex_commutes WHERE to_id > 0)
    UNION ALL SELECT (SELECT count(*) FROM residential_complexes)
      - (SELECT count(*) FROM complex_commutes WHERE to_id = ${NO_COMMUTE.to} AND minutes = ${NO_COMMUTE.minutes})`,
  ).then((r) => r.map((x) => x.n));

describe("commute: the kept minutes follow the walks", () => {
  it("as the seed leaves them, and after a feed adds, changes and takes away a walk", async () => {
    expect(await drift()).toEqual([0, 0]);
    // A published complex with no walk to a station, and a station trips start from.
    const [lone] = await rows<{ id: number }>(
      `SELECT id FROM residential_complexes rc WHERE is_published = 1 AND NOT EXISTS
        (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND cs.distance_type = 1) ORDER BY id LIMIT 1`,
    );
    const [from] = await rows<{ id: number }>(
      "SELECT DISTINCT from_id AS id FROM station_trips ORDER BY 1 LIMIT 1",
    );
    if (!lone || !from) throw new Error("the seed has no complex without a walk, or no trips");
    const within = async () => {
      const { body } = await getJson<ComplexList>(
        `${GRID}?commute_to=${from.id}&commute_max=30&search[ids]=${lone.id}&sort=commute+asc`,
      );
      return body.data.map((c) => c.commute?.minutes);
    };
    expect(await within()).toEqual([]);
    const upsert = (minutes: number, type: number) =>
      env.DB.prepare(
        `INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (complex_id, station_id) DO UPDATE SET distance_type = excluded.distance_type, minutes = excluded.minutes`,
      )
        .bind(lone.id, from.id, type, minutes)
        .run();
    await upsert(6, 1);
    expect(await within()).toEqual([6]);
    await upsert(9, 1);
    expect(await within()).toEqual([9]);
    expect(await drift()).toEqual([0, 0]);
    // By transport it is no walk: no time.
    await upsert(9, 2);
    expect(await within()).toEqual([]);
    await upsert(4, 1);
    await env.DB.prepare("DELETE FROM complex_stations WHERE complex_id = ?1 AND station_id = ?2")
      .bind(lone.id, from.id)
      .run();
    expect(await within()).toEqual([]);
    expect(await drift()).toEqual([0, 0]);
  });
});

describe("commute: a destination named as a place", () => {
  const ASK = "/api/v1/commute/destination";
  const ask = (place: string) =>
    get(`${ASK}?place=${encodeURIComponent(place)}`, { headers: { Accept: "application/json" } });
  const stationId = async (name: string) =>
    (
      await rows<{ id: number }>("SELECT id FROM subway_stations WHERE name = ?1 ORDER BY id LIMIT 1", name)
    )[0]?.id;

  it("takes a station by its name, whatever the case, the «ё» and the «м.»", async () => {
    const id = await stationId("Охотный Ряд");
    for (const place of ["Охотный Ряд", "м. охотный ряд", "метро ОХОТНЫЙ РЯД"]) {
      const res = await ask(place);
      expect(res.status, place).toBe(200);
      const body = (await res.json()) as DestinationAnswer;
      expect(body.station.id, place).toBe(id);
      expect(body.place).toEqual({ kind: "station", name: "Охотный Ряд", name_of: null });
      expect(body.walk).toBe(0);
    }
  });

  it("takes a district or a town as the station nearest its centre, with the walk from it", async () => {
    const stations = await rows<{ id: number; lat: number; lng: number }>(
      "SELECT id, lat, lng FROM subway_stations",
    );
    for (const [place, table] of [
      ["район Арбат", "districts"],
      ["Долгопрудный", "localities"],
      ["Реутов", "localities"],
      ["Москва", "localities"],
    ] as const) {
      const [exact] = await rows<{ lat: number; lng: number }>(
        `SELECT lat, lng FROM ${table} WHERE name = ?1`,
        placeKeyName(place),
      );
      if (!exact) throw new Error(`no ${place} in the seed`);
      // The centre as the list's point: 4 decimals, the walk from there.
      const centre = { lat: Number(exact.lat.toFixed(4)), lng: Number(exact.lng.toFixed(4)) };
      const byDistance = stations
        .map((s) => ({ id: s.id, km: haversineKm(centre.lat, centre.lng, s.lat, s.lng) }))
        .sort((a, b) => a.km - b.km);
      const res = await ask(place);
      expect(res.status, place).toBe(200);
      const body = (await res.json()) as DestinationAnswer;
      expect(body.place.kind, place).toBe(table === "districts" ? "district" : "locality");
      expect(body.station.id, place).toBe(byDistance[0]?.id);
      expect(body.walk, place).toBe(walkMinutes(byDistance[0]?.km ?? 0));
      expect(body.walk).toBeLessThanOrEqual(DESTINATION_WALK_MAX);
      expect(body.at, place).toBe(pointText(centre));
      // The list to that point counts the same station and walk.
      const list = await getJson<ComplexList>(`${GRID}?commute_at=${body.at}&per_page=1`);
      expect(list.body.commute_to?.id, place).toBe(body.station.id);
      expect(list.body.commute_to?.point?.walk, place).toBe(body.walk);
    }
  });

  it("answers a place out of the network's reach, a place outside Moscow and the region and bad words with a Russian 400", async () => {
    for (const [place, says] of [
      ["Дубна", /От центра Дубны до ближайшей станции, .+, [\d,]+ км — дальше, чем 30 минут пешком/],
      ["Тверь", /«Тверь» нет среди станций, районов Москвы и городов Подмосковья/],
      ["Балашиха", /От центра Балашихи до ближайшей станции/],
      ["Нью-Йорк", /только по Москве и области/],
      ["x", /^place: не короче 2 букв$/],
      ["<script>", /^place: ожидается название/],
      ["а".repeat(61), /^place: не длиннее 60 символов$/],
    ] as const) {
      const res = await ask(place);
      expect(res.status, place).toBe(400);
      expect(((await res.json()) as { error: string }).error, place).toMatch(says);
    }
    const none = await get(ASK, { headers: { Accept: "application/json" } });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toBe("place: обязательный параметр");
  });

  it("shows the answer and the refusal on the method page without script", async () => {
    const arbat = (await (await ask("Арбат")).json()) as DestinationAnswer;
    const found = await get("/vremya-v-puti/?mesto=Арбат&commute_max=60");
    expect(found.status).toBe(200);
    const html = await found.text();
    // A district is its centre as the list's point: its walk counts.
    expect(arbat.at).toMatch(/^\d{2}\.\d{4},\d{2}\.\d{4}$/);
    const list = `/novostroyki/${filterToUrlQuery({ commute_at: arbat.at ?? "", commute_max: 60 })}`;
    expect(html.includes(`href="${list.replace(/&/g, "&amp;")}"`), list).toBe(true);
    expect(html.includes('value="Арбат"')).toBe(true);
    expect(html).toMatch(
      /Ближайшая к центру Арбата станция — м.\u00a0[^,]+, от неё ≈\u00a0\d+\u00a0мин пешком. Время в пути считаем до центра Арбата/,
    );

    const refused = await get(`/vremya-v-puti/?mesto=${encodeURIComponent("Тверь")}`);
    expect(refused.status).toBe(200);
    const text = await refused.text();
    expect(text).toMatch(/role="alert"[^>]*>«Тверь» нет среди станций, районов Москвы и городов Подмосковья/);
    // The form is still there, with the words to correct.
    expect(text.includes('name="mesto"')).toBe(true);
    expect(text.includes('value="Тверь"')).toBe(true);
    // Words the API refuses as words: the page names the field as its label does, and escapes them.
    const hostile = await (await get(`/vremya-v-puti/?mesto=${encodeURIComponent("<b>Арбат</b>")}`)).text();
    expect(hostile).toMatch(
      /role="alert"[^>]*>Место назначения: ожидается название: буквы, цифры, пробелы, точки и дефисы/,
    );
    expect(hostile.includes("<b>Арбат</b>")).toBe(false);
  });
});

/** A place's name as the geography writes it, from what a buyer types («район Арбат»). */
const placeKeyName = (place: string) => place.replace(/^район /, "");

describe("commute: the trips follow the network D1 holds", () => {
  const trips = () =>
    rows<{ to_id: number; from_id: number; minutes: number; transfers: number; lines: string }>(
      "SELECT to_id, from_id, minutes, transfers, lines FROM station_trips ORDER BY to_id, from_id",
    );
  /** The scheduled runs until the rebuild is through, a few stations each; how many it took. */
  const runAll = async () => {
    for (let run = 1; run <= 200; run++) if ((await refreshStationTrips(env.DB, 7)).done) return run;
    throw new Error("the rebuild does not end");
  };

  it("leaves the seed's trips alone: the seed's network is the one D1 holds", async () => {
    const before = await trips();
    expect(await refreshStationTrips(env.DB)).toEqual({ rebuilt: [], done: true });
    expect(await trips()).toEqual(before);
  });

  it("rebuilds, slice after slice from D1's rows, exactly the trips the seed made from the geography", async () => {
    const before = await trips();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM station_trips"),
      env.DB.prepare("UPDATE transit_state SET built = NULL"),
    ]);
    expect(await runAll()).toBeGreaterThan(2);
    expect(await trips()).toEqual(before);
    expect(await drift()).toEqual([0, 0]);
    expect(await refreshStationTrips(env.DB)).toEqual({ rebuilt: [], done: true });
  });

  it("follows a station moved, renamed and closed, and keeps the complexes' minutes with them", async () => {
    // A station complexes walk to, inside a line (a neighbour on each side).
    const [x] = await rows<{ id: number; line_id: number; position: number }>(
      `SELECT sl.station_id AS id, sl.line_id, sl.position FROM station_lines sl
        WHERE sl.position > 0 AND EXISTS (SELECT 1 FROM station_lines n WHERE n.line_id = sl.line_id AND n.position = sl.position + 1)
          AND EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.station_id = sl.station_id AND cs.distance_type = 1)
        ORDER BY sl.station_id LIMIT 1`,
    );
    if (!x) throw new Error("no walked-to station inside a line in the seed");
    const fromX = async () =>
      new Map((await trips()).filter((t) => t.from_id === x.id).map((t) => [t.to_id, t.minutes]));
    const before = await fromX();
    const [neighbour] = await rows<{ id: number }>(
      "SELECT station_id AS id FROM station_lines WHERE line_id = ?1 AND position = ?2",
      x.line_id,
      x.position + 1,
    );
    if (!neighbour) throw new Error("no neighbour");

    // Moved 3 km north: the ride to its neighbour along the line is longer, every trip from it is rebuilt.
    await env.DB.prepare("UPDATE subway_stations SET lat = lat + 0.027 WHERE id = ?1").bind(x.id).run();
    expect(await runAll()).toBeGreaterThan(1);
    const moved = await fromX();
    expect(moved.get(neighbour.id) ?? 0).toBeGreaterThan(before.get(neighbour.id) ?? 0);
    expect(await drift()).toEqual([0, 0]);

    // Renamed: a new network, rebuilt; the same trips (the name is no distance).
    await env.DB.prepare("UPDATE subway_stations SET name = name || ' (новое)' WHERE id = ?1")
      .bind(x.id)
      .run();
    expect(await runAll()).toBeGreaterThan(1);
    expect(await fromX()).toEqual(moved);

    // Closed: off its line, no trip goes to it or starts from it, and a complex that walks there alone has no time.
    await env.DB.prepare("DELETE FROM station_lines WHERE station_id = ?1").bind(x.id).run();
    await runAll();
    const left = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM station_trips WHERE to_id = ?1 OR from_id = ?1",
      x.id,
    );
    expect(left[0]?.n).toBe(0);
    expect(await drift()).toEqual([0, 0]);
    const alone = await rows<{ n: number }>(
      `SELECT count(*) AS n FROM complex_commutes k WHERE k.to_id > 0 AND k.complex_id IN (
        SELECT complex_id FROM complex_stations WHERE distance_type = 1 GROUP BY complex_id
        HAVING count(*) = 1 AND max(station_id) = ?1)`,
      x.id,
    );
    expect(alone[0]?.n).toBe(0);
  });

  it("gives trips to a station a feed's complex walks to first, on the next run", async () => {
    const [station] = await rows<{ id: number }>(
      `SELECT DISTINCT sl.station_id AS id FROM station_lines sl WHERE NOT EXISTS
        (SELECT 1 FROM complex_stations cs WHERE cs.station_id = sl.station_id AND cs.distance_type = 1)
        ORDER BY 1 LIMIT 1`,
    );
    // A complex with no walk yet: its only time will be through this station.
    const [complex] = await rows<{ id: number }>(
      `SELECT id FROM residential_complexes rc WHERE is_published = 1 AND NOT EXISTS
        (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND cs.distance_type = 1) ORDER BY id DESC LIMIT 1`,
    );
    if (!station || !complex) throw new Error("every station is walked to, or no complex");
    await env.DB.prepare(
      `INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes) VALUES (?1, ?2, 1, 5)
       ON CONFLICT (complex_id, station_id) DO UPDATE SET distance_type = 1, minutes = 5`,
    )
      .bind(complex.id, station.id)
      .run();
    const own = () =>
      rows<{ minutes: number }>(
        "SELECT minutes FROM complex_commutes WHERE complex_id = ?1 AND to_id = ?2",
        complex.id,
        station.id,
      );
    expect(await own()).toEqual([]);
    expect((await refreshStationTrips(env.DB)).rebuilt).toContain(station.id);
    expect(await own()).toEqual([{ minutes: 5 }]);
    expect(await drift()).toEqual([0, 0]);
  });
});

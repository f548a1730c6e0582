/**
 * The map's areas coloured by commute (issue 32, shared/map/areas.ts): for several destinations, the first view's
 * cells and closer views' equal a direct computation written here (every cell's centre against every station with
 * a trip there: the walk at 5 km/h along streets 1.3 × the straight line, at most 30 minutes, plus the trip), and
 * the map page draws them without script.
 */
import { describe, expect, it } from "vitest";
import { filterKeys } from "../../shared/filter-keys";
import { haversineKm, walkMinutes } from "../../shared/geo/distance";
import { cellKm, ORIGIN } from "../../shared/map/cluster";
import { FIRST_LEVEL, project, unproject } from "../../shared/map/projection";
import { bboxParam, FIRST_VIEW, type ViewQuery } from "../../shared/map/view";
import type { MapAreas, MapView } from "../../shared/schemas/map";
import { fallbackOf, get, getJson, rows } from "./helpers";

const VIEW = "/api/v1/residential-complexes/map-view";
const BANDS = [15, 30, 45, 60, 75, 90];
const LETTERS = "abcdef";
const BAND_COLOURS = ["#0b6e4f", "#4d7c0f", "#8a6d00", "#b45309", "#c0392b", "#8e1f6b"];

interface Trip {
  lat: number;
  lng: number;
  minutes: number;
}

/** The great-circle distance (km). */
function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** A cell's band the plain way: the least walk (≤ 30 min) + trip over every station; -1 when none. */
function directBand(trips: readonly Trip[], cell: number, ix: number, iy: number): number {
  const at = unproject({ x: ORIGIN + (ix + 0.5) * cell, y: ORIGIN + (iy + 0.5) * cell });
  let best = Infinity;
  for (const t of trips) {
    const walk = Math.max(1, Math.round(((km(at.lat, at.lng, t.lat, t.lng) * 1.3) / 5) * 60));
    if (walk <= 30) best = Math.min(best, walk + t.minutes);
  }
  return BANDS.findIndex((max) => best <= max);
}

/** The answer's cells, row by row: «a3.5b» is three of the first band, five not coloured, one of the second. */
function decode([, , , cols, bands]: MapAreas): number[] {
  const out: number[] = [];
  for (const [, symbol, n] of bands.matchAll(/([a-z.])(\d*)/g)) {
    for (let i = 0; i < (n ? Number(n) : 1); i++)
      out.push(symbol === "." ? -1 : LETTERS.indexOf(symbol ?? ""));
  }
  while (out.length % cols) out.push(-1);
  return out;
}

const tripsTo = (to: number) =>
  rows<Trip>(
    "SELECT s.lat, s.lng, t.minutes FROM station_trips t JOIN subway_stations s ON s.id = t.from_id WHERE t.to_id = ?1",
    to,
  );

const viewUrl = (to: number, view: ViewQuery) =>
  `${VIEW}?commute_to=${to}&zoom=${view.zoom}${view.bbox ? `&bbox=${bboxParam(view.bbox)}` : ""}`;

/** Okhotny Ryad, the destination with the most trips and the one with the fewest. */
async function destinations(): Promise<number[]> {
  const [okhotny] = await rows<{ id: number }>(
    "SELECT id FROM subway_stations WHERE kind = 'metro' AND name = 'Охотный Ряд'",
  );
  const ends = await rows<{ id: number }>(
    `SELECT id FROM (SELECT to_id AS id, count(*) AS n FROM station_trips GROUP BY to_id)
      WHERE n = (SELECT max(n) FROM (SELECT count(*) AS n FROM station_trips GROUP BY to_id))
         OR n = (SELECT min(n) FROM (SELECT count(*) AS n FROM station_trips GROUP BY to_id)) ORDER BY n, id`,
  );
  return [okhotny?.id ?? 0, ends[0]?.id ?? 0, ends.at(-1)?.id ?? 0];
}

describe("the map's areas coloured by commute", () => {
  it("colours the first view's cells as the direct computation does, and none outside its grid", async () => {
    let coloured = 0;
    for (const to of await destinations()) {
      const trips = await tripsTo(to);
      const { status, body } = await getJson<MapView>(viewUrl(to, FIRST_VIEW));
      expect(status).toBe(200);
      const areas = body.areas;
      expect(areas, `to ${to}`).toBeDefined();
      if (!areas) continue;
      const [cell, ix, iy, cols] = areas;
      expect(cell).toBe(1);
      const cells = decode(areas);
      const rowsOf = cells.length / cols;
      // Three kilometres around the grid: a walk of 30 minutes reaches less than two.
      for (let r = -3; r < rowsOf + 3; r++) {
        for (let c = -3; c < cols + 3; c++) {
          const inside = r >= 0 && c >= 0 && r < rowsOf && c < cols;
          const sent = inside ? cells[r * cols + c] : -1;
          if (r >= rowsOf && r < rowsOf + 3 && c >= 0 && c < cols) continue; // rows not sent are not coloured
          expect(sent, `to ${to}, cell ${ix + c},${iy + r}`).toBe(directBand(trips, cell, ix + c, iy + r));
          if ((sent ?? -1) >= 0) coloured++;
        }
      }
    }
    expect(coloured).toBeGreaterThan(50);
  }, 60_000);

  it("adds a point's walk beyond its station: the cells and the clusters' minutes are the station's plus the walk", async () => {
    // A point 700 m or so north-east of Okhotny Ryad: its station is the nearest by the straight line.
    const [okhotny] = await rows<{ lat: number; lng: number }>(
      "SELECT lat, lng FROM subway_stations WHERE kind = 'metro' AND name = 'Охотный Ряд'",
    );
    if (!okhotny) throw new Error("no Okhotny Ryad in the seed");
    const at = `${(okhotny.lat + 0.005).toFixed(4)},${(okhotny.lng + 0.006).toFixed(4)}`;
    const [lat, lng] = at.split(",").map(Number) as [number, number];
    const stations = await rows<{ id: number; lat: number; lng: number }>(
      "SELECT id, lat, lng FROM subway_stations",
    );
    const [near] = stations
      .map((s) => ({ id: s.id, km: haversineKm(lat, lng, s.lat, s.lng) }))
      .sort((a, b) => a.km - b.km);
    if (!near) throw new Error("no stations");
    const walk = walkMinutes(near.km);
    expect(walk).toBeGreaterThan(0);
    const point = await getJson<MapView>(`${VIEW}?commute_at=${at}&zoom=${FIRST_VIEW.zoom}`);
    const station = await getJson<MapView>(viewUrl(near.id, FIRST_VIEW));
    expect(point.status).toBe(200);
    expect(point.body.commuteTo?.[5]).toBe(walk);
    const trips = (await tripsTo(near.id)).map((t) => ({ ...t, minutes: t.minutes + walk }));
    const areas = point.body.areas;
    if (!areas) throw new Error("no areas for the point");
    const [cell, ix, iy, cols] = areas;
    const cells = decode(areas);
    cells.forEach((sent, i) => {
      expect(sent, `cell ${i}`).toBe(directBand(trips, cell, ix + (i % cols), iy + Math.floor(i / cols)));
    });
    // Every cluster the station's view gives a time, the point's gives the time plus the walk.
    // (A cluster's -1 is «no time known».)
    const minutes = (v: MapView) => v.levels.flat().map((c) => c[8] ?? -1);
    const timed = minutes(station.body);
    expect(timed.filter((m) => m >= 0).length).toBeGreaterThan(0);
    expect(minutes(point.body)).toEqual(timed.map((m) => (m < 0 ? m : m + walk)));
  }, 60_000);

  it("colours a closer view's box, cell by cell, as the direct computation does", async () => {
    const [okhotny, fewest] = await destinations();
    let coloured = 0;
    for (const to of [okhotny ?? 0, fewest ?? 0]) {
      const trips = await tripsTo(to);
      const [station] = await rows<{ lat: number; lng: number }>(
        "SELECT lat, lng FROM subway_stations WHERE id = ?1",
        to,
      );
      const at = project(station?.lat ?? 55.75, station?.lng ?? 37.62);
      for (const level of [FIRST_LEVEL + 1, 6, 9, 12]) {
        // A box of whole blocks of the level's grid around the station, as the map asks.
        const block = cellKm(level) * 8;
        const snap = (v: number) => ORIGIN + Math.floor((v - ORIGIN) / block) * block;
        const bbox = {
          min: { x: snap(at.x) - block, y: snap(at.y) - block },
          max: { x: snap(at.x) + 2 * block, y: snap(at.y) + 2 * block },
        };
        const { status, body } = await getJson<MapView>(viewUrl(to, { zoom: level, bbox }));
        expect(status).toBe(200);
        const areas = body.areas;
        expect(areas, `to ${to} level ${level}`).toBeDefined();
        if (!areas) continue;
        const [cell, ix, iy, cols] = areas;
        // Half a cluster's cell, from a kilometre down to 62.5 m (a minute's walk).
        expect(cell).toBe(Math.min(1, Math.max(1 / 16, cellKm(level) / 2)));
        expect([ix, iy]).toEqual([
          Math.round((bbox.min.x - ORIGIN) / cell),
          Math.round((bbox.min.y - ORIGIN) / cell),
        ]);
        expect(cols).toBe(Math.round((bbox.max.x - bbox.min.x) / cell));
        const cells = decode(areas);
        const rowsOf = Math.round((bbox.max.y - bbox.min.y) / cell);
        expect(cells.length).toBeLessThanOrEqual(rowsOf * cols);
        for (let r = 0; r < rowsOf; r++) {
          for (let c = 0; c < cols; c++) {
            expect(cells[r * cols + c] ?? -1, `to ${to} level ${level} cell ${c},${r}`).toBe(
              directBand(trips, cell, ix + c, iy + r),
            );
          }
        }
        coloured += cells.filter((b) => b >= 0).length;
      }
    }
    // Not a grid of nothing: the views compared have coloured cells.
    expect(coloured).toBeGreaterThan(50);
  }, 60_000);

  it("is not sent without a destination, and keeps the answer small with one", async () => {
    const [to = 0] = await destinations();
    const plain = await get(`${VIEW}?zoom=${FIRST_LEVEL}`);
    expect(((await plain.json()) as MapView).areas).toBeUndefined();
    const text = await (await get(viewUrl(to, FIRST_VIEW))).text();
    const body = JSON.parse(text) as MapView;
    const areas = JSON.stringify(body.areas);
    // Each run of a band costs its letter and length: the grid's size never shows, only its runs.
    const runs = body.areas?.[4].match(/[a-z.]/g)?.length ?? 0;
    expect(areas.length).toBeLessThan(4 * runs + 40);
    expect(text.length).toBeLessThan(30_000);
  });

  it("is drawn by the server in the map page's first view, in the bands' colours, with the legend's words", async () => {
    const [to = 0] = await destinations();
    const html = await (await get(`/novostroyki/na-karte/?commute_to=${to}`)).text();
    const view = fallbackOf(html)[filterKeys.complexMapView({ commute_to: to }, FIRST_VIEW)] as MapView;
    expect(view.areas).toEqual((await getJson<MapView>(viewUrl(to, FIRST_VIEW))).body.areas);
    const layer = /<g class="cmap__areas"[^>]*>(.*?)<\/g>/s.exec(html)?.[1] ?? "";
    const fills = [...layer.matchAll(/<path d="[^"]+" style="fill:(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(fills.length).toBeGreaterThan(1);
    for (const fill of fills) expect(BAND_COLOURS).toContain(fill);
    // The areas are under the markers.
    expect(html.indexOf('class="cmap__areas"')).toBeLessThan(html.indexOf('class="cmap__markers"'));
    expect(html).toContain("Где заливки нет");
  });
});

/**
 * The base map, drawn from our own geography (shared/geo, the modules the seed writes into D1): the
 * rings (МКАД, ТТК, Садовое, ЦКАД), the Moskva, the radial highways, the metro, МЦК and МЦД lines in their
 * colours through their stations, and the larger towns of the region. Paths are in the map's kilometres.
 *
 * A module of the map's page chunk, not an API answer: the geometry is compiled code that changes only with a
 * deploy, so it travels in the page's hashed, immutable chunk — no request and no loading state, the same
 * data on the server and in the browser (the map is in the HTML and hydrates without a fetch), and only this
 * page pays for it (most of its chunk).
 */

import { LINES, RING_LINE_NUMBERS } from "../../../shared/geo/metro";
import { CITIES } from "../../../shared/geo/oblast";
import { BASEMAP, HIGHWAYS } from "../../../shared/geo/roads";
import { project } from "../../../shared/map/projection";

type LatLng = readonly [number, number];

const r2 = (v: number) => Math.round(v * 100) / 100;

function pathOf(points: readonly LatLng[], close = false): string {
  const d = points
    .map(([lat, lng], i) => {
      const p = project(lat, lng);
      return `${i ? "L" : "M"}${r2(p.x)} ${r2(p.y)}`;
    })
    .join("");
  return close ? `${d}Z` : d;
}

export const RINGS = BASEMAP.rings.map((r) => ({ name: r.name, d: pathOf(r.path, true) }));
export const RIVER = pathOf(BASEMAP.river);
export const HIGHWAY_PATHS = HIGHWAYS.map((h) => pathOf(h.path));

/** МЦД first (under), then the metro, then МЦК on top, as the official scheme layers them. */
const LAYER = { mcd: 0, metro: 1, mcc: 2 } as const;
export const LINE_PATHS = [...LINES]
  .sort((a, b) => LAYER[a.kind] - LAYER[b.kind])
  .map((l) => ({
    number: l.number,
    kind: l.kind,
    color: l.color,
    d: pathOf(
      l.stations.map((s) => [s.lat, s.lng] as const),
      RING_LINE_NUMBERS.includes(l.number),
    ),
  }));

/**
 * Every station as a zero-length segment: with round caps and a non-scaling stroke each is a dot of the same
 * size at any zoom, all in one path. A transfer station once.
 */
export const STATIONS = [
  ...new Set(
    LINES.flatMap((l) => l.stations).map((s) => {
      const p = project(s.lat, s.lng);
      return `M${r2(p.x)} ${r2(p.y)}h0`;
    }),
  ),
].join("");

/** Towns labelled on the map: the largest from the start, the rest closer in. */
export const TOWNS = CITIES.filter((c) => c.population >= 30_000).map((c) => ({
  name: c.name,
  major: c.population >= 150_000,
  ...project(c.lat, c.lng),
}));

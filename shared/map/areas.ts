/**
 * The map's areas coloured by commute (issue 32): our base map has no district shapes, so the areas are the
 * cells of a grid over the view, each coloured by the band (shared/transit/bands.ts) of the least door-to-door
 * time from the cell's centre to the destination: the walk to a station, at the catalogue's pace
 * (shared/geo/distance.ts) and no longer than the commute model's walk (DESTINATION_WALK_MAX), plus that
 * station's trip there (station_trips). A cell with no such station, or only a time beyond the longest trip
 * kept, is not coloured. The server makes them (worker/loaders/map-view.ts); the map draws them
 * (client/components/map/CommuteAreas.tsx).
 */
import { haversineKm, WALK_DETOUR, WALK_KMH, walkMinutes } from "../geo/distance";
import { AREA_LETTERS, type MapAreas } from "../schemas/map";
import { commuteBand } from "../transit/bands";
import { DESTINATION_WALK_MAX } from "../transit/destination";
import { cellKm, cellOf, ORIGIN } from "./cluster";
import { type Bounds, FIRST_LEVEL, project, unproject } from "./projection";

/** The finest cell (km): a minute's walk is about 64 m of straight line, so a finer grid shows nothing more. */
export const AREA_CELL_MIN_KM = 1 / 16;

/**
 * A cell's side (km) at a level: a kilometre over the whole catalogue's view and the next two levels, then half
 * a cluster's cell (32 px), and from level 10 on the finest, 62.5 m: a phone's view has a few hundred cells, a
 * desktop's up to about two thousand (each a power of two of a kilometre: the grids of all levels share edges).
 */
export const areaCellKm = (level: number): number =>
  level <= FIRST_LEVEL ? 1 : Math.min(1, Math.max(AREA_CELL_MIN_KM, cellKm(level) / 2));

/** The farthest a walk of DESTINATION_WALK_MAX minutes reaches in a straight line (km), with a margin. */
export const REACH_KM = (((DESTINATION_WALK_MAX + 0.5) / 60) * WALK_KMH) / WALK_DETOUR + 0.05;

/** A box's edges are this close to a cell's (km): a metre, well under any cell. */
const EDGE_KM = 0.001;

/** A station a cell may walk to, with its trip to the destination (minutes). */
export interface AreaStation {
  lat: number;
  lng: number;
  minutes: number;
}

/**
 * The cells of `box` (km; null: wherever the stations reach), `cell` km each, coloured from `stations`. The
 * grid is the map's (shared/map/cluster.ts ORIGIN), so panning never shifts it.
 */
export function commuteAreas(
  stations: readonly AreaStation[],
  cell: number,
  box: Bounds | null,
): MapAreas | null {
  const at = stations.map((s) => ({ ...s, ...project(s.lat, s.lng) }));
  const extent =
    box ??
    (at.length
      ? {
          min: {
            x: Math.min(...at.map((s) => s.x)) - REACH_KM,
            y: Math.min(...at.map((s) => s.y)) - REACH_KM,
          },
          max: {
            x: Math.max(...at.map((s) => s.x)) + REACH_KM,
            y: Math.max(...at.map((s) => s.y)) + REACH_KM,
          },
        }
      : null);
  if (!extent) return null;
  // A box of whole cells (the map's view, through degrees to six places) starts and ends on cells' edges, to
  // within a millimetre: the cells on the far side of its edges are outside.
  const ix0 = cellOf(extent.min.x + EDGE_KM, cell);
  const iy0 = cellOf(extent.min.y + EDGE_KM, cell);
  const cols = cellOf(extent.max.x - EDGE_KM, cell) + 1 - ix0;
  const rows = cellOf(extent.max.y - EDGE_KM, cell) + 1 - iy0;
  if (cols <= 0 || rows <= 0) return null;
  const best = new Float64Array(cols * rows).fill(Infinity);
  // The cells' centres (km), and their latitudes by row and longitudes by column (the projection is separable).
  const xs = Array.from({ length: cols }, (_, c) => ORIGIN + (ix0 + c + 0.5) * cell);
  const ys = Array.from({ length: rows }, (_, r) => ORIGIN + (iy0 + r + 0.5) * cell);
  const lngs = xs.map((x) => unproject({ x, y: 0 }).lng);
  const lats = ys.map((y) => unproject({ x: 0, y }).lat);
  // On the map's plane a walk's reach is within 3 % of the ground's: farther than this, no need to measure.
  const far = (REACH_KM * 1.05) ** 2;
  for (const s of at) {
    const fromX = Math.max(0, cellOf(s.x - REACH_KM, cell) - ix0);
    const toX = Math.min(cols - 1, cellOf(s.x + REACH_KM, cell) - ix0);
    const fromY = Math.max(0, cellOf(s.y - REACH_KM, cell) - iy0);
    const toY = Math.min(rows - 1, cellOf(s.y + REACH_KM, cell) - iy0);
    for (let r = fromY; r <= toY; r++) {
      const dy = (ys[r] ?? 0) - s.y;
      for (let c = fromX; c <= toX; c++) {
        const dx = (xs[c] ?? 0) - s.x;
        if (dx * dx + dy * dy > far) continue;
        const walk = walkMinutes(haversineKm(lats[r] ?? 0, lngs[c] ?? 0, s.lat, s.lng));
        if (walk > DESTINATION_WALK_MAX) continue;
        const i = r * cols + c;
        best[i] = Math.min(best[i] ?? Infinity, walk + s.minutes);
      }
    }
  }
  // Runs of one band, or of cells not coloured, as one symbol and their length; the last run not coloured is left out.
  let bands = "";
  let run = -2;
  let n = 0;
  const flush = () => {
    if (n) bands += `${run < 0 ? "." : AREA_LETTERS[run]}${n > 1 ? n : ""}`;
  };
  for (const minutes of best) {
    const band = Number.isFinite(minutes) ? commuteBand(minutes) : -1;
    if (band === run) n++;
    else {
      flush();
      run = band;
      n = 1;
    }
  }
  if (run >= 0) flush();
  return [cell, ix0, iy0, cols, bands];
}

/**
 * Grid clustering of the map's points. The cell is CELL_PX screen pixels at the whole zoom level, so clusters
 * only change when a level is crossed (between levels a cell grows to at most twice that on screen), and the
 * grid is fixed on the map, so panning never reshuffles them. The grids of all levels share one origin, a
 * third of the largest cell from the centre of Moscow: with cells halving at each level the centre is a third
 * of a cell from any edge at every level, never split into four clusters around the Kremlin.
 */
import type {
  ComplexMap,
  ComplexMapClusters,
  MapClusterTuple,
  MapPointTuple,
  MapStation,
} from "../schemas/map";
import { boundsOf, FIRST_LEVEL, type Point, project, pxPerKm } from "./projection";

export const CELL_PX = 64;
const ORIGIN = -CELL_PX / pxPerKm(0) / 3;

export interface Cluster<T extends Point> {
  /** The centroid of the members (km). */
  x: number;
  y: number;
  items: T[];
}

interface Cell<T extends Point> {
  ix: number;
  iy: number;
  sx: number;
  sy: number;
  items: T[];
}

const keyOf = (ix: number, iy: number) => `${ix},${iy}`;

/**
 * Points (km) sharing a `cell`-km square form one cluster at their centroid. Clusters of neighbouring cells
 * whose centroids came closer than half a cell (points either side of an edge) are one: they would overlap
 * on screen. Sorted top to bottom, then left to right (the keyboard's order).
 */
export function clusterGrid<T extends Point>(points: readonly T[], cell: number): Cluster<T>[] {
  const cells = new Map<string, Cell<T>>();
  for (const p of points) {
    const ix = Math.floor((p.x - ORIGIN) / cell);
    const iy = Math.floor((p.y - ORIGIN) / cell);
    const key = keyOf(ix, iy);
    const c = cells.get(key);
    if (c) {
      c.sx += p.x;
      c.sy += p.y;
      c.items.push(p);
    } else cells.set(key, { ix, iy, sx: p.x, sy: p.y, items: [p] });
  }
  const merged = new Set<Cell<T>>();
  const bySize = [...cells.values()].sort(
    (a, b) => b.items.length - a.items.length || a.iy - b.iy || a.ix - b.ix,
  );
  for (const c of bySize) {
    if (merged.has(c)) continue;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = cells.get(keyOf(c.ix + dx, c.iy + dy));
        if (!n || n === c || merged.has(n)) continue;
        const d = Math.hypot(
          c.sx / c.items.length - n.sx / n.items.length,
          c.sy / c.items.length - n.sy / n.items.length,
        );
        if (d >= cell / 2) continue;
        c.sx += n.sx;
        c.sy += n.sy;
        c.items.push(...n.items);
        merged.add(n);
      }
    }
  }
  return bySize
    .filter((c) => !merged.has(c))
    .map((c) => ({ x: c.sx / c.items.length, y: c.sy / c.items.length, items: c.items }))
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The clusters shown at a zoom. */
export function clustersAt<T extends Point>(points: readonly T[], zoom: number): Cluster<T>[] {
  return clusterGrid(points, CELL_PX / pxPerKm(Math.floor(zoom)));
}

/** A complex on the map: its position (km) and its tuple. */
export interface MapPoint extends Point {
  t: MapPointTuple;
}

export const mapPointsOf = (points: readonly MapPointTuple[]): MapPoint[] =>
  points.map((t) => ({ ...project(t[1], t[2]), t }));

/** Kilometres to the metre (and never −0, which JSON would send as 0). */
const toMetre = (km: number) => Math.round(km * 1000) / 1000 || 0;

/**
 * A cluster as the map draws it: the server sends these for the first view and the browser makes the same of
 * the points, so nothing moves when the points arrive (the key and the rounding do not depend on their order).
 */
export function clusterTuple(c: Cluster<MapPoint>): MapClusterTuple {
  const { min, max } = boundsOf(c.items);
  const key = c.items.reduce((k, p) => Math.min(k, p.t[0]), Infinity);
  return [
    toMetre(c.x),
    toMetre(c.y),
    c.items.length,
    key,
    toMetre(min.x),
    toMetre(min.y),
    toMetre(max.x),
    toMetre(max.y),
  ];
}

/**
 * The first view of a map: the clusters of zoom levels 0 to FIRST_LEVEL, the complexes that stand alone at
 * one of them (with their stations, indexed afresh) and the total. A few KB however many complexes there are.
 */
export function firstView(map: ComplexMap): ComplexMapClusters {
  const points = mapPointsOf(map.points);
  const alone = new Map<number, MapPointTuple>();
  const levels = Array.from({ length: FIRST_LEVEL + 1 }, (_, zoom) =>
    clustersAt(points, zoom).map((c) => {
      if (c.items.length === 1 && c.items[0]) alone.set(c.items[0].t[0], c.items[0].t);
      return clusterTuple(c);
    }),
  );
  const stations: MapStation[] = [];
  const index = new Map<number, number>();
  const singles = [...alone.values()].map((t): MapPointTuple => {
    const station = map.stations[t[6]];
    let i = index.get(t[6]) ?? -1;
    if (station && i < 0) {
      i = stations.push(station) - 1;
      index.set(t[6], i);
    }
    return [t[0], t[1], t[2], t[3], t[4], t[5], i];
  });
  return { total: map.points.length, stations, points: singles, levels };
}

/**
 * Grid clustering of the map's points. The cell is CELL_PX screen pixels at the whole zoom level, so clusters
 * only change when a level is crossed (between levels a cell grows to at most twice that on screen), and the
 * grid is fixed on the map, so panning never reshuffles them. The grids of all levels share one origin, a
 * third of the largest cell from the centre of Moscow: with cells halving at each level the centre is a third
 * of a cell from any edge at every level, never split into four clusters around the Kremlin.
 */
import { type Point, pxPerKm } from "./projection";

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

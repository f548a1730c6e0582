import { describe, expect, it } from "vitest";
import {
  CELL_PX,
  cellKm,
  cellOf,
  clusterGrid,
  clustersAt,
  clustersOfCells,
  coarsen,
  type MapCell,
} from "./cluster";
import { pxPerKm } from "./projection";

const pt = (x: number, y: number, id = 0) => ({ x, y, id });
const total = (cs: { items: unknown[] }[]) => cs.reduce((n, c) => n + c.items.length, 0);

/** A deterministic cloud of points: a dense city centre and scattered towns. */
function cloud(n: number) {
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, (_, i) =>
    i % 3 ? pt((rnd() - 0.5) * 30, (rnd() - 0.5) * 30, i) : pt((rnd() - 0.5) * 150, (rnd() - 0.5) * 150, i),
  );
}

describe("grid clustering", () => {
  it("groups nearby points at their centroid and keeps far ones apart", () => {
    const cs = clusterGrid([pt(0.2, 0.1), pt(0.8, 0.5), pt(300, 0), pt(0, -300)], 100);
    expect(cs.map((c) => c.items.length).sort()).toEqual([1, 1, 2]);
    const two = cs.find((c) => c.items.length === 2);
    expect(two?.items).toEqual([pt(0.2, 0.1), pt(0.8, 0.5)]);
    expect(two?.x).toBeCloseTo(0.5, 9);
    expect(two?.y).toBeCloseTo(0.3, 9);
  });

  it("never splits the centre of Moscow at a grid line, at any level", () => {
    for (let zoom = 0; zoom <= 12; zoom++) {
      const cell = CELL_PX / pxPerKm(zoom);
      const around = [pt(-0.3 * cell, -0.3 * cell), pt(0.3 * cell, 0.3 * cell), pt(0.3 * cell, -0.3 * cell)];
      expect(clustersAt(around, zoom), `zoom ${zoom}`).toHaveLength(1);
    }
  });

  it("loses no point and counts each once", () => {
    const points = cloud(5000);
    for (const zoom of [1, 2.5, 4, 7, 12]) {
      const cs = clustersAt(points, zoom);
      expect(total(cs)).toBe(points.length);
      expect(new Set(cs.flatMap((c) => c.items.map((p) => p.id))).size).toBe(points.length);
    }
  });

  it("splits clusters as the zoom grows, and keeps them apart on screen", () => {
    const points = cloud(3000);
    let previous = 0;
    for (let zoom = 1; zoom <= 8; zoom++) {
      const cs = clustersAt(points, zoom);
      expect(cs.length, `zoom ${zoom}`).toBeGreaterThanOrEqual(previous);
      previous = cs.length;
      // On screen (px) every two clusters are at least a third of a cell apart.
      const s = pxPerKm(zoom);
      let nearest = Infinity;
      for (const [i, a] of cs.entries()) {
        for (const b of cs.slice(i + 1)) nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y) * s);
      }
      expect(nearest, `zoom ${zoom}`).toBeGreaterThan(CELL_PX / 3);
    }
    expect(clustersAt(points, 8).length).toBeGreaterThan(clustersAt(points, 2).length * 4);
  });

  it("keeps whole-level grids between levels and does not depend on the order of points", () => {
    const points = cloud(800);
    const ids = (cs: { items: { id: number }[] }[]) => cs.map((c) => c.items.map((p) => p.id).sort());
    expect(ids(clustersAt(points, 5.9))).toEqual(ids(clustersAt(points, 5)));
    const reversed = clustersAt([...points].reverse(), 5);
    expect(ids(reversed)).toEqual(ids(clustersAt(points, 5)));
  });

  it("joins two points closer than half a cell even across a grid line, and keeps a cell apart ones", () => {
    const zoom = 6;
    const cell = CELL_PX / pxPerKm(zoom);
    // 0,35 of a cell left and right of the origin's grid line (the origin is a third of a cell off a line).
    const line = -cell / 3;
    expect(clustersAt([pt(line - 0.2 * cell, 0), pt(line + 0.2 * cell, 0)], zoom)).toHaveLength(1);
    expect(clustersAt([pt(line - 0.5 * cell, 0), pt(line + 0.6 * cell, 0)], zoom)).toHaveLength(2);
  });

  it("sorts clusters top to bottom, then left to right (the keyboard's order)", () => {
    const cs = clusterGrid([pt(5, 5), pt(0, 9), pt(9, 0), pt(0, 0)], 1);
    expect(cs.map((c) => [c.x, c.y])).toEqual([
      [0, 0],
      [9, 0],
      [5, 5],
      [0, 9],
    ]);
  });
});

/** The cells of a level as D1 counts them (worker/db/queries/map-view.ts), from points with ids. */
function cellsOf(points: readonly { x: number; y: number; id: number }[], level: number): MapCell[] {
  const cell = cellKm(level);
  const cells = new Map<string, MapCell>();
  for (const p of points) {
    const ix = cellOf(p.x, cell);
    const iy = cellOf(p.y, cell);
    const c = cells.get(`${ix},${iy}`);
    if (!c) {
      cells.set(`${ix},${iy}`, {
        ix,
        iy,
        n: 1,
        sx: p.x,
        sy: p.y,
        key: p.id,
        minX: p.x,
        minY: p.y,
        maxX: p.x,
        maxY: p.y,
        ids: [p.id],
      });
      continue;
    }
    Object.assign(c, {
      n: c.n + 1,
      sx: c.sx + p.x,
      sy: c.sy + p.y,
      key: Math.min(c.key, p.id),
      minX: Math.min(c.minX, p.x),
      minY: Math.min(c.minY, p.y),
      maxX: Math.max(c.maxX, p.x),
      maxY: Math.max(c.maxY, p.y),
      ids: [...(c.ids ?? []), p.id],
    });
  }
  return [...cells.values()];
}

/** A cluster of points as the map draws it: centroid, count, smallest id, bounds, to the metre. */
const tupleOf = (c: { x: number; y: number; items: { x: number; y: number; id: number }[] }) => {
  const m = (v: number) => Math.round(v * 1000) / 1000 || 0;
  const xs = c.items.map((p) => p.x);
  const ys = c.items.map((p) => p.y);
  return [
    m(c.x),
    m(c.y),
    c.items.length,
    Math.min(...c.items.map((p) => p.id)),
    m(Math.min(...xs)),
    m(Math.min(...ys)),
    m(Math.max(...xs)),
    m(Math.max(...ys)),
  ];
};

describe("clusters of counted cells", () => {
  it("are the clusters of the points themselves, at every level", () => {
    const points = cloud(1000).map((p) => ({ ...p, id: p.id + 1 }));
    for (const level of [0, 2, 3, 5, 8]) {
      const made = clustersOfCells(cellsOf(points, level), level);
      const expected = clustersAt(points, level).map(tupleOf);
      expect(
        made.map((c) => c.tuple),
        `level ${level}`,
      ).toEqual(expected);
      expect(made.reduce((n, c) => n + c.tuple[2], 0)).toBe(points.length);
      // Their ids are each cluster's complexes.
      for (const [i, c] of made.entries()) expect(c.ids?.length).toBe(expected[i]?.[2]);
    }
  });

  it("make a coarser level's cells of a finer one's, as counting at that level would", () => {
    const points = cloud(2000).map((p) => ({ ...p, id: p.id + 1 }));
    const fine = cellsOf(points, 7);
    for (let k = 1; k <= 7; k++) {
      const sort = (cs: MapCell[]) =>
        cs
          .map((c) => ({ ...c, ids: [...(c.ids ?? [])].sort((a, b) => a - b) }))
          .sort((a, b) => a.iy - b.iy || a.ix - b.ix);
      const coarse = sort(coarsen(fine, k));
      const direct = sort(cellsOf(points, 7 - k));
      expect(coarse.map((c) => [c.ix, c.iy, c.n, c.key, c.ids])).toEqual(
        direct.map((c) => [c.ix, c.iy, c.n, c.key, c.ids]),
      );
      for (const [i, c] of coarse.entries()) {
        expect(c.sx).toBeCloseTo(direct[i]?.sx ?? NaN, 6);
        expect(c.maxY).toBe(direct[i]?.maxY);
      }
    }
    // Unknown ids stay unknown once joined.
    const [a, b] = cellsOf([pt(0, 0, 1), pt(0.1, 0.1, 2)], 12);
    expect(coarsen([{ ...(a as MapCell), ids: null }, b as MapCell], 11)[0]?.ids).toBeNull();
  });

  it("do not change the cells they are given", () => {
    const cells = cellsOf(cloud(500), 4);
    const copy = structuredClone(cells);
    clustersOfCells(cells, 4);
    expect(cells).toEqual(copy);
  });
});

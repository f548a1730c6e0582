import { describe, expect, it } from "vitest";
import { type ComplexMap, isFirstView, type MapPointTuple } from "../schemas/map";
import { CELL_PX, clusterGrid, clustersAt, clusterTuple, firstView, mapPointsOf } from "./cluster";
import { CENTRE, FIRST_LEVEL, pxPerKm } from "./projection";

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

/** A map answer of `n` complexes around Moscow (the cloud's kilometres), each third without a station. */
function mapOf(n: number): ComplexMap {
  const stations: ComplexMap["stations"] = [
    ["Сокольники", "metro", "#E42313"],
    ["Лихоборы", "mcc", "#FFA8AF"],
    ["Мытищи", "mcd", "#E95B0C"],
  ];
  const deg = (v: number) => Math.round(v * 1e4) / 1e4;
  const points = cloud(n).map(
    ({ x, y, id }): MapPointTuple => [
      id + 1,
      deg(CENTRE.lat - y / 111.13),
      deg(CENTRE.lng + x / 62.6),
      `ЖК ${id}`,
      `zhk-${id + 1}`,
      5e6 + id,
      id % 3 === 2 ? -1 : id % 3,
    ],
  );
  return { stations, points };
}

describe("the first view", () => {
  it("draws a cluster from its points to the metre, keyed by its smallest id, whatever their order", () => {
    const points = mapPointsOf(mapOf(400).points);
    for (const zoom of [0, 3, 6]) {
      const forward = clustersAt(points, zoom).map(clusterTuple);
      const backward = clustersAt([...points].reverse(), zoom).map(clusterTuple);
      expect(backward).toEqual(forward);
      for (const [x, y, count, key, minX, minY, maxX, maxY] of forward) {
        for (const v of [x, y, minX, minY, maxX, maxY]) expect(Math.round(v * 1000) / 1000).toBe(v);
        expect(minX <= x && x <= maxX && minY <= y && y <= maxY).toBe(true);
        expect(count).toBeGreaterThan(0);
        expect(key).toBeGreaterThan(0);
      }
    }
    const two = clusterTuple({
      x: 1.23456,
      y: -0.0001,
      items: mapPointsOf([
        [9, 55.75, 37.62, "", "", 0, -1],
        [4, 55.76, 37.63, "", "", 0, -1],
      ]),
    });
    expect(two.slice(0, 4)).toEqual([1.235, 0, 2, 4]);
    // No −0: JSON would bring it back as 0, and the browser's clusters must equal the server's.
    expect(Object.is(two[1], 0)).toBe(true);
  });

  it("sends the clusters of every level up to the first view's, as the browser makes them of the points", () => {
    const map = mapOf(3000);
    const view = firstView(map);
    expect(isFirstView(view)).toBe(true);
    expect(isFirstView(map)).toBe(false);
    expect(view.total).toBe(3000);
    expect(view.levels).toHaveLength(FIRST_LEVEL + 1);
    const points = mapPointsOf(map.points);
    for (const [zoom, clusters] of view.levels.entries()) {
      expect(clusters).toEqual(clustersAt(points, zoom).map(clusterTuple));
      expect(clusters.reduce((n, c) => n + c[2], 0)).toBe(3000);
    }
    // The same after the trip through JSON.
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it("sends the complexes that stand alone, with their own stations, and nothing else", () => {
    const map = mapOf(300);
    const view = firstView(map);
    const alone = new Set(
      view.levels
        .flat()
        .filter((c) => c[2] === 1)
        .map((c) => c[3]),
    );
    expect(alone.size).toBeGreaterThan(0);
    expect(new Set(view.points.map((t) => t[0]))).toEqual(alone);
    const byId = new Map(map.points.map((t) => [t[0], t]));
    for (const t of view.points) {
      const original = byId.get(t[0]);
      expect(t.slice(0, 6)).toEqual(original?.slice(0, 6));
      expect(view.stations[t[6]] ?? null).toEqual(map.stations[original?.[6] ?? -1] ?? null);
    }
    expect(view.stations.length).toBe(new Set(view.points.map((t) => t[6]).filter((i) => i >= 0)).size);
    // Its size follows the clusters, not the points: four times the complexes, hardly more.
    const size = (n: number) => JSON.stringify(firstView(mapOf(n))).length;
    expect(size(20_000)).toBeLessThan(size(5000) * 1.5);
    expect(size(20_000)).toBeLessThan(JSON.stringify(mapOf(20_000)).length / 30);
  });
});

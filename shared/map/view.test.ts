import { describe, expect, it } from "vitest";
import { cellKm } from "./cluster";
import { FIRST_LEVEL, homeView, panBy, project, type Size, toMap, unproject, type View } from "./projection";
import { BLOCK_CELLS, bboxParam, FIRST_VIEW, MAX_BOX_CELLS, viewQuery } from "./view";

const PHONE: Size = { width: 390, height: 360 };
const DESKTOP: Size = { width: 1440, height: 640 };

describe("a view's question to the server", () => {
  it("is the whole catalogue up to the first view's level, whatever the frame", () => {
    for (const size of [PHONE, DESKTOP]) {
      expect(viewQuery(homeView(size), size)).toEqual(FIRST_VIEW);
      expect(viewQuery({ x: 30, y: -20, zoom: 0.5 }, size)).toEqual(FIRST_VIEW);
    }
    expect(FIRST_VIEW.zoom).toBe(FIRST_LEVEL);
  });

  it("covers the view, in whole blocks of the level's grid, never wider than the server answers", () => {
    for (const size of [PHONE, DESKTOP, { width: 2560, height: 640 }]) {
      for (const zoom of [FIRST_LEVEL + 1, 6.5, 9.99, 12]) {
        for (const [x, y] of [
          [0, 0],
          [13.7, -8.1],
          [-40, 55],
        ]) {
          const view: View = { x: x ?? 0, y: y ?? 0, zoom };
          const { zoom: level, bbox } = viewQuery(view, size);
          expect(level).toBe(Math.floor(zoom));
          if (!bbox) throw new Error("a closer view has a box");
          const a = toMap(view, size, { x: 0, y: 0 });
          const b = toMap(view, size, { x: size.width, y: size.height });
          expect(bbox.min.x).toBeLessThanOrEqual(a.x);
          expect(bbox.min.y).toBeLessThanOrEqual(a.y);
          expect(bbox.max.x).toBeGreaterThanOrEqual(b.x);
          expect(bbox.max.y).toBeGreaterThanOrEqual(b.y);
          const block = cellKm(level) * BLOCK_CELLS;
          for (const side of [bbox.max.x - bbox.min.x, bbox.max.y - bbox.min.y]) {
            expect(Math.abs(side / block - Math.round(side / block))).toBeLessThan(1e-9);
            expect(side).toBeLessThanOrEqual(MAX_BOX_CELLS * cellKm(level) + 1e-9);
          }
        }
      }
    }
  });

  it("is the same for nearby views: a few pixels of panning or a fraction of a level ask nothing new", () => {
    const view: View = { ...project(55.75, 37.62), zoom: 7.2 };
    const key = JSON.stringify(viewQuery(view, DESKTOP));
    let same = 0;
    for (let dx = -40; dx <= 40; dx += 8) {
      if (JSON.stringify(viewQuery(panBy(view, dx, 0), DESKTOP)) === key) same++;
    }
    // Most of these small moves stay within the blocks (a move across a block's edge asks again).
    expect(same).toBeGreaterThan(5);
    expect(viewQuery({ ...view, zoom: 7.9 }, DESKTOP).zoom).toBe(7);
  });

  it("names its box in degrees, west, south, east, north", () => {
    const box = { min: project(55.8, 37.5), max: project(55.7, 37.7) };
    const [w, s, e, n] = bboxParam(box).split(",").map(Number);
    expect([w, s, e, n]).toEqual([37.5, 55.7, 37.7, 55.8]);
    expect(unproject(box.min).lat).toBeCloseTo(55.8, 9);
  });
});

import { describe, expect, it } from "vitest";
import { decodePlan, encodePlan, generatePlan } from "./plan";

function seq() {
  let s = 1;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

describe("floor plans", () => {
  it.each([
    [0, 24],
    [1, 38.5],
    [2, 61],
    [3, 88],
    [5, 240],
    [-1, 120],
  ])("rooms %i, %f m²: rooms fill the footprint and survive encoding", (rooms, area) => {
    const plan = generatePlan(rooms, area, seq());
    expect(plan.width * plan.depth).toBeGreaterThan(area * 0.85);
    expect(plan.width * plan.depth).toBeLessThan(area * 1.15);
    const living = plan.rooms.filter((r) => r.type === "R").length;
    if (rooms >= 1) expect(living).toBeGreaterThanOrEqual(Math.max(1, rooms - 1));
    for (const r of plan.rooms) {
      expect(r.w).toBeGreaterThan(0);
      expect(r.x + r.w).toBeLessThanOrEqual(plan.width + 0.11);
    }
    expect(decodePlan(encodePlan(plan))).toEqual(plan);
  });

  it("refuses garbage", () => {
    expect(decodePlan("")).toBeNull();
    expect(decodePlan("5,6;X,0,0,1,1")).toBeNull();
    expect(decodePlan("5,6;K,0,0,1")).toBeNull();
  });
});

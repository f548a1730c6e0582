import { describe, expect, it } from "vitest";
import { decodePlan, encodePlan, generatePlan, roomAreas } from "./plan";

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

  it.each([
    [-1, 120, 66, 21.6],
    [-1, 47.3, 26, 8.5],
    [0, 24.1, 13.3, 4.3],
    [1, 38.5, 19.3, 11.1],
    [2, 61.7, 35.8, 12.9],
    [4, 131.9, 81.8, 18.6],
  ])(
    "rooms %i, %f m²: the printed areas, loggia aside, add up to the area exactly",
    (rooms, total, living, kitchen) => {
      const plan = generatePlan(rooms, total, seq());
      const printed = roomAreas(plan.rooms, { total, living, kitchen });
      const inside = plan.rooms.filter((r) => r.type !== "G");
      const tenths = inside.map((r) => Math.round((printed.get(r) ?? Number.NaN) * 10));
      expect(tenths.reduce((a, b) => a + b, 0)).toBe(Math.round(total * 10));
      for (const t of tenths) expect(t).toBeGreaterThan(0);
      // A free plan and a studio are one living space, never a «Кухня-гостиная».
      if (rooms <= 0) expect(plan.rooms.map((r) => r.type)).not.toContain("L");
    },
  );
});

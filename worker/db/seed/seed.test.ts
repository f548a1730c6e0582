import { describe, expect, it } from "vitest";
import { AREA_MAX, AREA_MIN, COMPLEXES_AT_SCALE_1, PRICE_M2_MAX, PRICE_M2_MIN } from "./catalogue";
import { generateSeed } from "./index";

describe("the seed at scale 1", () => {
  it("has the catalogue of SPEC §2: 2434 complexes, 9–753 m², 138 081–839 403 ₽/м² on sale", () => {
    const tables = generateSeed(1);
    const rows = (name: string) => tables.find((t) => t.table === name);
    expect(rows("residential_complexes")?.rows).toHaveLength(COMPLEXES_AT_SCALE_1);
    expect(COMPLEXES_AT_SCALE_1).toBe(2434);
    const lo = rows("living_objects");
    if (!lo) throw new Error("no apartments");
    const col = (c: string) => lo.columns.indexOf(c);
    const onSale = lo.rows.filter((r) => r[col("status")] === 1);
    const areas = onSale.map((r) => r[col("area_total")] as number);
    const ppm = onSale.map((r) => r[col("price_m2")] as number);
    expect([Math.min(...areas), Math.max(...areas)]).toEqual([AREA_MIN, AREA_MAX]);
    expect([Math.min(...ppm), Math.max(...ppm)]).toEqual([PRICE_M2_MIN, PRICE_M2_MAX]);
    expect([AREA_MIN, AREA_MAX, PRICE_M2_MIN, PRICE_M2_MAX]).toEqual([9, 753, 138_081, 839_403]);
    // Every price per metre is the apartment's price over its area, within rounding.
    for (const r of onSale.slice(0, 2000)) {
      const price = r[col("price")] as number;
      expect(
        Math.abs(price / (r[col("area_total")] as number) - (r[col("price_m2")] as number)),
      ).toBeLessThan(1);
    }
  }, 60_000);
});

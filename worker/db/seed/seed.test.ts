import { describe, expect, it } from "vitest";
import { CITY_CASES, DISTRICT_CASES } from "../../../shared/geo/cases";
import { AREA_MAX, AREA_MIN, COMPLEXES_AT_SCALE_1, PRICE_M2_MAX, PRICE_M2_MIN } from "./catalogue";
import { generateSeed } from "./index";

describe("the seed at scale 1", () => {
  it("has the catalogue of SPEC §2: 2434 complexes, 9–753 m², 138 081–839 403 ₽/м² on sale", () => {
    const tables = generateSeed(1);
    const rows = (name: string) => tables.find((t) => t.table === name);
    expect(rows("residential_complexes")?.rows).toHaveLength(COMPLEXES_AT_SCALE_1);
    // No two complexes share a name; one that names its place («Высота в Покровском-Стрешневе») names it as
    // our geography declines it (shared/geo/cases.ts), never «Высота на Химки» or «в Покровское-Стрешнево».
    const rc = rows("residential_complexes");
    const names = (rc?.rows ?? []).map((r) => r[rc?.columns.indexOf("name") ?? -1] as string);
    expect(new Set(names).size).toBe(names.length);
    const locatives = new Set(
      [...Object.values(DISTRICT_CASES), ...Object.values(CITY_CASES)].map((c) => c.in),
    );
    const placed = names.filter((n) => / (в|во|на) /.test(n));
    expect(placed.length).toBeGreaterThan(0);
    for (const n of placed) expect(locatives.has(n.replace(/^.*? (?=(в|во|на) )/, "")), n).toBe(true);
    // A second phase («Горизонт 2») only when every other name is taken: rare.
    expect(names.filter((n) => / \d+$/.test(n)).length).toBeLessThan(names.length / 100);
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

describe("a complex's description", () => {
  const tables = generateSeed(0.05);
  const rc = tables.find((t) => t.table === "residential_complexes");
  if (!rc) throw new Error("no complexes");
  const col = (c: string) => rc.columns.indexOf(c);
  const rows = rc.rows.map((r) => ({
    name: r[col("name")] as string,
    cls: r[col("class")] as number,
    otdelka: r[col("otdelka_mask")] as number,
    parking: r[col("parking_mask")] as number,
    finished: r[col("is_finished")] === 1,
    floors: r[col("floors_max")] as number,
    text: r[col("description")] as string,
  }));

  it("never contradicts the complex's class, finishes, parking, height and stage", () => {
    const finishes: [number, string][] = [
      [1, "в предчистовой отделке"],
      [2, "без отделки"],
      [3, "с чистовой отделкой"],
      [4, "с отделкой и мебелью"],
    ];
    for (const c of rows) {
      const classWord = ["эконом", "комфорт", "бизнес", "премиум", "элит"][c.cls - 1];
      expect(c.text, c.name).toContain(`жилой комплекс ${classWord}-класса`);
      for (const [code, words] of finishes) {
        expect(c.text.includes(words), `${c.name}: ${words}`).toBe((c.otdelka & (1 << code)) !== 0);
      }
      expect(c.text.includes("подземный паркинг"), c.name).toBe(c.cls >= 3 && (c.parking & (1 << 1)) !== 0);
      expect(/сдан/.test(c.text), c.name).toBe(c.finished);
      expect(c.text, c.name).toMatch(new RegExp(`высотой до ${c.floors} этаж(а|ей)\\.`));
    }
  });
});

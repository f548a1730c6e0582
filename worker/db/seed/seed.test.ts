import { describe, expect, it } from "vitest";
import { AREA_MAX, AREA_MIN, COMPLEXES_AT_SCALE_1, PRICE_M2_MAX, PRICE_M2_MIN } from "./catalogue";
import { generateSeed } from "./index";
import { inTown } from "./names";

describe("the seed at scale 1", () => {
  it("has the catalogue of SPEC §2: 2434 complexes, 9–753 m², 138 081–839 403 ₽/м² on sale", () => {
    const tables = generateSeed(1);
    const rows = (name: string) => tables.find((t) => t.table === name);
    expect(rows("residential_complexes")?.rows).toHaveLength(COMPLEXES_AT_SCALE_1);
    // No two complexes share a name, and none is the old «Высота на Химки».
    const rc = rows("residential_complexes");
    const names = (rc?.rows ?? []).map((r) => r[rc?.columns.indexOf("name") ?? -1] as string);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => / на /.test(n))).toEqual([]);
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

describe("a town of the oblast in a name", () => {
  it.each([
    ["Химки", "в Химках"],
    ["Балашиха", "в Балашихе"],
    ["Красногорск", "в Красногорске"],
    ["Люберцы", "в Люберцах"],
    ["Мытищи", "в Мытищах"],
    ["Одинцово", "в Одинцово"],
    ["Видное", "в Видном"],
    ["Долгопрудный", "в Долгопрудном"],
    ["Лобня", "в Лобне"],
    ["Сергиев Посад", "в Сергиевом Посаде"],
    ["Павловский Посад", "в Павловском Посаде"],
    ["Лесной Городок", "в Лесном Городке"],
    ["Старая Купавна", "в Старой Купавне"],
    ["Горки Ленинские", "в Горках Ленинских"],
    ["Большие Вязёмы", "в Больших Вязёмах"],
    ["Электроугли", "в Электроуглях"],
    ["Электросталь", "в Электростали"],
    ["Наро-Фоминск", "в Наро-Фоминске"],
    ["Лосино-Петровский", "в Лосино-Петровском"],
    ["Орехово-Зуево", "в Орехово-Зуево"],
    ["Заречье", "в Заречье"],
    ["Королёв", "в Королёве"],
    ["Внуково", "во Внуково"],
    ["Марьина Роща", "в Марьиной Роще"],
    ["Тёплый Стан", "в Тёплом Стане"],
    ["Нагатино-Садовники", "в Нагатино-Садовниках"],
    ["Внуковское", "во Внуковском"],
  ])("%s → %s", (town, phrase) => {
    expect(inTown(town)).toBe(phrase);
  });
});

describe("a place that is not one word or reads «на …»", () => {
  it("is never put after «в»", () => {
    expect(inTown("Арбат")).toBeNull();
    expect(inTown("Проспект Вернадского")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { type DeveloperRecord, deliveryRisk, type HouseProgress, monthsLeft } from "./risk";

const q = (year: number, quarter: number) => year * 4 + quarter - 1;
/** Readiness a month apart, ending in November 2026. */
const months = (...percents: number[]) =>
  percents.map((percent, i) => {
    const m = 2026 * 12 + 10 - (percents.length - 1 - i);
    return { month: `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`, percent };
  });
const NOW = new Date("2026-11-28T09:00:00Z");
const GOOD: DeveloperRecord = { delivered: 5, late: 0 };
const house = (h: Partial<HouseProgress>): HouseProgress => ({
  finished: false,
  readiness: [],
  deadlines: [],
  ...h,
});
/** The reasons with their no-break spaces (between a number and its word) written as spaces. */
const risk = (h: HouseProgress, d: DeveloperRecord) => {
  const r = deliveryRisk(h, d, NOW);
  return { ...r, reasons: r.reasons.map((x) => x.replace(/\u00a0/g, " ")) };
};

describe("monthsLeft", () => {
  it("counts to the end of the deadline's quarter on Moscow's calendar", () => {
    // From noon of 28 November to the end of 31 December in Moscow: 33 days and 12 hours.
    expect(monthsLeft(q(2026, 4), NOW) * (365.25 / 12)).toBeCloseTo(33.5, 5);
    expect(Math.round(monthsLeft(q(2027, 2), NOW))).toBe(7);
    expect(Math.round(monthsLeft(q(2026, 3), NOW))).toBe(-2);
    // The quarter ends at midnight in Moscow, 21:00 UTC.
    expect(monthsLeft(q(2026, 4), new Date("2026-12-31T21:00:00Z"))).toBe(0);
  });
});

describe("deliveryRisk", () => {
  it("a finished house has none", () => {
    expect(risk(house({ finished: true }), { delivered: 6, late: 4 })).toEqual({
      band: "low",
      reasons: ["дом сдан"],
    });
  });

  it("low: on pace, never moved, a developer who delivers on time", () => {
    const h = house({ readiness: months(40, 43, 46, 49, 52, 55, 58), deadlines: [q(2028, 2)] });
    expect(risk(h, GOOD)).toEqual({
      band: "low",
      reasons: [
        "готовность 58 %, до срока 19 месяцев: успевают при обычном темпе",
        "срок не переносили",
        "застройщик сдал все 5 домов в срок",
      ],
    });
  });

  it("high: 35 % with seven months left cannot be on time", () => {
    const h = house({ readiness: months(17, 20, 23, 26, 29, 32, 35), deadlines: [q(2027, 1), q(2027, 2)] });
    expect(risk(h, { delivered: 6, late: 4 })).toEqual({
      band: "high",
      reasons: [
        "готовность 35 %, до срока 7 месяцев: нужно строить по 10 % в месяц, а быстрее 5 % дома не строят",
        "застройщик сдал 4 из 6 домов с опозданием",
        "срок переносили 1 раз, всего на 1 квартал",
      ],
    });
  });

  it("medium: a deadline moved once, the pace faster than usual", () => {
    const h = house({ readiness: months(60, 62, 64, 66, 68, 70, 72), deadlines: [q(2027, 1), q(2027, 2)] });
    const r = risk(h, { delivered: 1, late: 0 });
    expect(r.band).toBe("medium");
    expect(r.reasons).toEqual([
      "готовность 72 %, до срока 7 месяцев: успеть можно только быстрее обычного темпа",
      "срок переносили 1 раз, всего на 1 квартал",
      "застройщик сдал свой единственный дом в срок",
    ]);
  });

  it("high: moved twice, by three quarters, even on pace", () => {
    const h = house({
      readiness: months(80, 82, 84, 86, 88, 90, 92),
      deadlines: [q(2026, 2), q(2026, 4), q(2027, 1)],
    });
    expect(risk(h, GOOD)).toMatchObject({
      band: "high",
      reasons: [
        "срок переносили 2 раза, всего на 3 квартала",
        "готовность 92 %, до срока 4 месяца: успевают при обычном темпе",
        "застройщик сдал все 5 домов в срок",
      ],
    });
  });

  it("high: frozen — readiness has not moved for six months", () => {
    const h = house({ readiness: months(41, 41, 41, 42, 42, 42, 42), deadlines: [q(2028, 4)] });
    const r = risk(h, GOOD);
    expect(r.band).toBe("high");
    expect(r.reasons[0]).toBe("за 6 месяцев готовность выросла на 1 %: стройка стоит");
  });

  it("high: the deadline has passed and the house is not finished", () => {
    const h = house({ readiness: months(93, 94, 95), deadlines: [q(2026, 2)] });
    expect(risk(h, GOOD).reasons[0]).toBe("срок (II кв. 2026) прошёл 5 месяцев назад, а готовность 95 %");
  });

  it("the developer's late record raises the band one step, and says so", () => {
    const h = house({ readiness: months(40, 43, 46, 49, 52, 55, 58), deadlines: [q(2028, 2)] });
    expect(risk(h, { delivered: 4, late: 2 })).toMatchObject({
      band: "medium",
      reasons: expect.arrayContaining(["застройщик сдал 2 из 4 домов с опозданием"]),
    });
    expect(risk(h, { delivered: 21, late: 11 }).reasons).toContain(
      "застройщик сдал 11 из 21 дома с опозданием",
    );
    // Too short a record to judge by: two houses, both late.
    expect(risk(h, { delivered: 2, late: 2 }).band).toBe("low");
  });

  it("readiness not known is never low: nothing shows the house is on time", () => {
    const r = risk(house({ deadlines: [q(2028, 1)] }), GOOD);
    expect(r).toEqual({
      band: "medium",
      reasons: [
        "готовность неизвестна: застройщик её не публикует",
        "срок не переносили",
        "застройщик сдал все 5 домов в срок",
      ],
    });
  });

  it("words every count in Russian: 3 дома, 21 квартал", () => {
    const h = house({ readiness: months(50, 60, 70, 80), deadlines: [q(2021, 1), q(2026, 2)] });
    const r = risk(h, { delivered: 3, late: 0 });
    expect(r.reasons).toContain("срок переносили 1 раз, всего на 21 квартал");
    expect(r.reasons).toContain("застройщик сдал все 3 дома в срок");
  });
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_FIELDS, type CatalogueFilter } from "../../shared/filters/catalogue";
import {
  type FieldDef,
  type FieldTable,
  formRanges,
  readTable,
  writeTable,
} from "../../shared/filters/fields";
import { inRange, type Param } from "../../worker/db/queries/bind";
import {
  complexWhere,
  FIELD_SQL,
  type FieldSql,
  type FieldSqlTable,
  type Level,
  plainWhere,
} from "../../worker/db/queries/complex-filter";
import { countTotal } from "../../worker/db/queries/complexes";

/**
 * README «Add a filter», at every level: a field added to the table (shared/filters) with its SQL
 * (FIELD_SQL) is read from and written to the URL, offered by the form when it is a range, and counted exactly
 * — alone and beside the fields whose fast forms (facet bits, station rank) would otherwise answer without it.
 */

const whole = (s: string) => (/^\d+$/.test(s) ? Number(s) : null);
const range = (name: string, label: string): FieldDef => ({
  kind: "range",
  label,
  unit: "",
  url: [`min_${name}`, `max_${name}`],
  api: [[`search[${name}][min]`, `search[${name}][max]`]],
  max: 1000,
  examples: ["5", "20"],
  parse: whole,
});

/** A dummy field of each level: its definition, its SQL, and the column its value is chosen from. */
const DUMMIES: Record<
  Level,
  { key: string; def: FieldDef; sql: FieldSql<never>; column: string; from: string }
> = {
  complex: {
    key: "dummy_floors",
    def: range("dummy_floors", "Этажность"),
    sql: { on: "complex", where: inRange("rc.floors_max") },
    column: "floors_max",
    from: "residential_complexes WHERE is_published = 1",
  },
  house: {
    key: "dummy_house_floors",
    def: range("dummy_house_floors", "Этажей в корпусе"),
    sql: { on: "house", where: inRange("h.floors") },
    column: "floors",
    from: "houses",
  },
  apartment: {
    key: "dummy_floor",
    def: range("dummy_floor", "Этаж квартиры"),
    sql: { on: "apartment", where: inRange("lo.floor") },
    column: "floor",
    from: "living_objects WHERE status = 1",
  },
  station: {
    key: "dummy_minutes",
    def: range("dummy_minutes", "Минут до станции"),
    sql: { on: "station", where: inRange("cs.minutes") },
    column: "minutes",
    from: "complex_stations WHERE minutes IS NOT NULL",
  },
};

/** The fields beside which a fast form answered alone: room types, a price, both, on foot, a station. */
const COMPANIONS: [string, CatalogueFilter][] = [
  ["alone", {}],
  ["with room types", { rooms: [1, 2] }],
  ["with a price", { price: { max: 20_000_000 } }],
  ["with room types and a price", { rooms: [2], price: { min: 8_000_000 } }],
  ["with finishing", { otdelka: [2] }],
  ["with an area", { area: { min: 40 } }],
  ["on foot up to 15 minutes", { distance_type: 1, distance_time: 3 }],
  ["by transport up to 20 minutes", { distance_type: 2, distance_time: 4 }],
  ["near the metro", { near: "metro" }],
];

const count = (w: { sql: string; params: Param[] }) =>
  countTotal(env.DB, {
    sql: `SELECT count(*) AS total FROM residential_complexes rc WHERE ${w.sql}`,
    params: w.params,
  });

const middle: Partial<Record<Level, number>> = {};
beforeAll(async () => {
  for (const [level, d] of Object.entries(DUMMIES) as [Level, (typeof DUMMIES)[Level]][]) {
    const row = await env.DB.prepare(
      `SELECT ${d.column} AS v FROM ${d.from} ORDER BY ${d.column} LIMIT 1 OFFSET (SELECT count(*) / 2 FROM ${d.from})`,
    ).first<{ v: number }>();
    middle[level] = row?.v ?? 1;
  }
});

describe.each(Object.entries(DUMMIES) as [Level, (typeof DUMMIES)[Level]][])(
  "a field added at the %s level",
  (level, d) => {
    const table: FieldTable = { ...CATALOGUE_FIELDS, [d.key]: d.def };
    const sql: FieldSqlTable = { ...FIELD_SQL, [d.key]: d.sql };
    const dummyValue = () => ({ min: middle[level] as number });

    it("is read from its URL names and written back", () => {
      const filter = { rooms: [1], [d.key]: dummyValue() };
      const url = new URLSearchParams(writeTable(table, filter));
      expect(url.get(`min_${d.key}`)).toBe(String(middle[level]));
      expect(readTable(table, (n) => url.get(n), "url", false)).toEqual(filter);
    });

    it("is offered by the form (the form's ranges come from the table)", () => {
      expect(formRanges(table).map(([key]) => key)).toContain(d.key);
      expect(formRanges(CATALOGUE_FIELDS).map(([key]) => key)).not.toContain(d.key);
    });

    it.each(COMPANIONS)("is counted exactly %s, and narrows the count", async (_, companion) => {
      const filter = { ...companion, [d.key]: dummyValue() } as CatalogueFilter;
      const fast = await count(complexWhere(filter, false, sql));
      const plain = await count(plainWhere(filter, sql));
      expect(fast).toBe(plain);
      // The field is not ignored: without it the companion finds more (or as many, when it already decides).
      const without = await count(complexWhere(companion, false, sql));
      expect(fast).toBeLessThanOrEqual(without);
      if (!Object.keys(companion).length) {
        expect(fast).toBeGreaterThan(0);
        expect(fast).toBeLessThan(without);
      }
    });
  },
);

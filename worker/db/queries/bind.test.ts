import { describe, expect, it } from "vitest";
import { SORTS } from "../../../shared/constants";
import type { ApartmentFilter } from "../../../shared/filters/apartments";
import { APARTMENT_FIELDS } from "../../../shared/filters/apartments";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  type CatalogueSort,
  COMMUTE_SORT,
} from "../../../shared/filters/catalogue";
import type { FieldDef, FieldTable } from "../../../shared/filters/fields";
import { directCountSql } from "../../../tests/catalogue-oracle";
import { longest, sample } from "../../../tests/filter-samples";
import { randomFilter } from "../../../tests/load/count-calls";
import { Random } from "../seed/prng";
import { countComplexesSql, listComplexesSql, listMapPointsSql } from "./complexes";
import { countApartmentsSql, listApartmentsSql } from "./living-objects";

/** D1's limit of bound parameters per statement. */
const D1_MAX_PARAMS = 100;

/** Every field of a table set: each list at its maximum length, every other field at its sample. */
function everything(table: FieldTable): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(table).map(([key, def]: [string, FieldDef]) => [
      key,
      def.kind === "list" ? longest(def) : sample(def),
    ]),
  );
}

/** The highest placeholder a statement names (?N): what D1 counts. */
const placeholders = (sql: string) => Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));

describe("bound parameters: every filter, its lists at their longest, stays within D1's 100", () => {
  const catalogue = everything(CATALOGUE_FIELDS) as CatalogueFilter;
  const apartments = everything(APARTMENT_FIELDS) as ApartmentFilter;
  const statements = {
    "the catalogue's page": listComplexesSql({ filter: catalogue, page: 2, perPage: 12, sort: "price asc" }),
    "the catalogue's count": countComplexesSql(catalogue),
    "the map": listMapPointsSql(catalogue),
    "the plain count (the oracle)": directCountSql(catalogue),
    "the apartments' page": listApartmentsSql({
      filter: apartments,
      page: 2,
      perPage: 12,
      sort: "price asc",
    }),
    "the apartments' count": countApartmentsSql(apartments),
  };
  it.each(Object.entries(statements))("%s", (_, { sql, params }) => {
    expect(params.length).toBe(placeholders(sql));
    expect(params.length).toBeLessThanOrEqual(D1_MAX_PARAMS);
  });

  it("a list's length adds no parameter", () => {
    const one = { subway_stations: [1], districts: [4], developers: [7] };
    const many = { subway_stations: [1, 2, 3], districts: [4, 5, 6], developers: [7, 8, 9] };
    expect(countComplexesSql(many).params.length).toBe(countComplexesSql(one).params.length);
    expect(countApartmentsSql({ houses: [1, 2, 3] }).params.length).toBe(
      countApartmentsSql({ houses: [1] }).params.length,
    );
  });
});

describe("bound parameters: a statement names every parameter it binds", () => {
  /** The placeholders a statement names, each once, in order. */
  const named = (sql: string) =>
    [...new Set([...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  // The soak's random filters (one to four fields, tests/load/count-calls.ts), from a fixed seed: a price with a
  // finishing bound the room and finishing bits that the faceted test then left out, and D1 answered 500.
  const prng = new Random(34);
  const random = () => prng.next();
  const sorts: CatalogueSort[] = [...SORTS, COMMUTE_SORT];

  it("for 3 000 random filters of the catalogue, its page, count and map", () => {
    const unnamed: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const filter = randomFilter(random);
      const sort = sorts[Math.floor(random() * sorts.length)] ?? "price asc";
      const statements = [
        listComplexesSql({ filter, page: 1, perPage: 12, sort }),
        countComplexesSql(filter),
        listMapPointsSql(filter),
      ];
      for (const { sql, params } of statements) {
        const names = named(sql);
        if (names.length !== params.length || names.some((n, at) => n !== at + 1))
          unnamed.push(`${JSON.stringify(filter)} ${sort}: names ${names.join(",")} of ${params.length}`);
      }
    }
    expect(unnamed.slice(0, 5)).toEqual([]);
  });
});

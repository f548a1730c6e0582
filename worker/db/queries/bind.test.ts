import { describe, expect, it } from "vitest";
import type { ApartmentFilter } from "../../../shared/filters/apartments";
import { APARTMENT_FIELDS } from "../../../shared/filters/apartments";
import { CATALOGUE_FIELDS, type CatalogueFilter } from "../../../shared/filters/catalogue";
import type { FieldDef, FieldTable } from "../../../shared/filters/fields";
import { directCountSql } from "../../../tests/catalogue-oracle";
import { longest, sample } from "../../../tests/filter-samples";
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

/**
 * Values for every field of a filter table, derived from the field's own definition: the unit round trip
 * (shared/filters/catalogue.test.ts), the integration walk and the fuzz read them, so a new field is tested
 * the day it enters the table.
 */
import fc from "fast-check";
import { APARTMENT_FIELDS } from "../shared/filters/apartments";
import { CATALOGUE_FIELDS } from "../shared/filters/catalogue";
import type { FieldDef, FieldTable } from "../shared/filters/fields";

/** A value the field holds: its bounds' extremes, every option, its example. */
export function sample(def: FieldDef): unknown {
  switch (def.kind) {
    case "range":
      return { min: 1, max: def.max };
    case "list":
      return def.options
        ? Object.keys(def.options)
            .map(Number)
            .sort((a, b) => a - b)
        : [def.min, def.max];
    case "code":
      return Math.max(...Object.keys(def.options).map(Number));
    case "id":
      return 999_999_999;
    case "word":
      return def.example;
    case "flag":
      return true;
  }
}

/** Raw text no field of that kind accepts. */
export const BAD = { range: "дорого", list: "x,y", code: "99", id: "abc", word: "../x", flag: "2" } as const;

/** Every name a field is read under, in both dialects. */
const namesOf = (def: FieldDef): string[] =>
  def.kind === "range" ? [...(def.url ?? []), ...def.api.flat()] : [...(def.url ?? []), ...def.api];

/** Raw values a field's parameter may get: a good one, the bad one, bounds ± 1, random text. */
function rawValues(def: FieldDef): fc.Arbitrary<string> {
  const good = sample(def);
  const text = Array.isArray(good)
    ? good.join(",")
    : typeof good === "object"
      ? "1"
      : String(good === true ? 1 : good);
  const edges =
    def.kind === "range"
      ? [String(def.max), String(def.max + 1), "-1", "0.5"]
      : def.kind === "list"
        ? [String(def.min - 1), String(def.max + 1), `${def.min},${def.max}`]
        : ["0", "-1"];
  return fc.oneof(fc.constantFrom(text, BAD[def.kind], "", ...edges), fc.string({ maxLength: 20 }));
}

/** Query pairs over a table's parameters, each with values of its own field's kind. */
function tableQuery(table: FieldTable): fc.Arbitrary<[string, string][]> {
  const pairs = Object.values(table).flatMap((def) =>
    namesOf(def).map((name) => fc.tuple(fc.constant(name), rawValues(def))),
  );
  return fc.array(fc.oneof(...pairs), { maxLength: 6 });
}

/** A query string over every parameter of the catalogue's and the apartments' tables (for the fuzz tests). */
export const filterQuery = fc
  .oneof(tableQuery(CATALOGUE_FIELDS), tableQuery(APARTMENT_FIELDS))
  .map((pairs) => new URLSearchParams(pairs).toString());

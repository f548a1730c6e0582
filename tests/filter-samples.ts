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
      return def.max ?? 999_999_999;
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

/**
 * A query string over every parameter of the catalogue's and the apartments' tables (for the fuzz tests): a few
 * random ones, or every field set with lists at their maximum length (maximalQuery, defined below).
 */
export const filterQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .oneof(tableQuery(CATALOGUE_FIELDS), tableQuery(APARTMENT_FIELDS))
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constant(null).chain(() => maximalQuery),
);

/** A list field's longest value: its first `maxItems` entries (every option of a short list). */
export function longest(def: Extract<FieldDef, { kind: "list" }>, extra = 0): number[] {
  const keys = def.options
    ? Object.keys(def.options)
        .map(Number)
        .sort((a, b) => a - b)
    : null;
  return Array.from({ length: def.maxItems + extra }, (_, i) => keys?.[i] ?? def.min + i).filter(
    (n) => n <= def.max,
  );
}

/**
 * Every field of a table set at once (its sample), under a dialect's first names (a page URL skips the fields
 * it does not take), with `at`'s values instead of the samples for some fields.
 */
export function everyField(
  table: FieldTable,
  dialect: "url" | "api",
  at: Readonly<Record<string, unknown>> = {},
): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, def] of Object.entries(table)) {
    const value = key in at ? at[key] : sample(def);
    if (def.kind === "range") {
      const names = dialect === "url" ? def.url : def.api[0];
      const r = value as { min?: number; max?: number };
      if (!names) continue;
      if (r.min !== undefined) out.push([names[0], String(r.min)]);
      if (r.max !== undefined) out.push([names[1], String(r.max)]);
    } else {
      const name = (dialect === "url" ? def.url : def.api)?.[0];
      if (!name) continue;
      out.push([name, Array.isArray(value) ? value.join(",") : String(value === true ? 1 : value)]);
    }
  }
  return out;
}

/** Each list field of a table at its maximum length, beside every other field set: [field, query]. */
export function listsAtMaximum(
  table: FieldTable,
  dialect: "url" | "api",
  at: Readonly<Record<string, unknown>> = {},
): [string, string][] {
  return Object.entries(table)
    .filter(([, def]) => def.kind === "list" && (dialect === "api" || def.url))
    .map(([key, def]) => [
      key,
      new URLSearchParams(
        everyField(table, dialect, { ...at, [key]: longest(def as Extract<FieldDef, { kind: "list" }>) }),
      )
        .toString()
        .replace(/%2C/g, ","),
    ]);
}

/** Every list of a table at its maximum length at once, beside every other field: the longest filter. */
export function allListsAtMaximum(
  table: FieldTable,
  dialect: "url" | "api",
  at: Readonly<Record<string, unknown>> = {},
): string {
  const lists = Object.fromEntries(
    Object.entries(table).flatMap(([key, def]) => (def.kind === "list" ? [[key, longest(def)]] : [])),
  );
  return new URLSearchParams(everyField(table, dialect, { ...lists, ...at })).toString().replace(/%2C/g, ",");
}

/** Each table's longest filter (all its lists at their maximum, every other field set), in a dialect. */
export const LONGEST_QUERIES = {
  url: [CATALOGUE_FIELDS, APARTMENT_FIELDS].map((table) => allListsAtMaximum(table, "url")),
  api: [CATALOGUE_FIELDS, APARTMENT_FIELDS].map((table) => allListsAtMaximum(table, "api")),
} as const;

/**
 * Each list of every table at its maximum beside every other field, and every list at its maximum at once, in
 * both dialects (the fuzz tests' filters: D1 binds at most 100 parameters per statement).
 */
export const maximalQuery = fc.constantFrom(
  ...LONGEST_QUERIES.url,
  ...LONGEST_QUERIES.api,
  ...[CATALOGUE_FIELDS, APARTMENT_FIELDS].flatMap((table) =>
    (["url", "api"] as const).flatMap((dialect) => listsAtMaximum(table, dialect).map(([, q]) => q)),
  ),
);

/**
 * The kinds of filter field and how each is read and written. A filter is a table of fields
 * (shared/filters/catalogue.ts, shared/filters/apartments.ts); everything else — reading a page URL or an API
 * query, writing the canonical URL or an API key, counting values for noindex — walks that table with the
 * functions here. Each field's value is checked by one valibot schema, built from the field's own bounds, so
 * the API's 400 message states the real rule and a page URL drops exactly what the API refuses.
 */
import * as v from "valibot";
import { PER_PAGE_MAX } from "../constants";
import { formatNumber } from "../format";

export type Get = (name: string) => string | null;

export interface Range {
  min?: number;
  max?: number;
}

export class FilterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface Common {
  /** The Russian name of the field (the form's legend, a chip's group). */
  label: string;
  /** SPEC §4: the phone sheet's «Сбросить» clears it (the full reset clears everything). */
  modalReset?: boolean;
  /** Counts toward the noindex rule (shared/indexing.ts): each list entry, a range or a code is one value. */
  seo?: boolean;
  /** A visitor's own choice (a commute's destination): a page with it is never indexed (shared/indexing.ts). */
  personal?: boolean;
}

/** Two bounds, each under its own name: `min_price` / `max_price`, `search[price][min]` / `…[max]`. */
export interface RangeDef extends Common {
  kind: "range";
  /** Page URL names [min, max] (SPEC §5); absent when pages do not take the field. */
  url?: readonly [string, string];
  /** API names [min, max]: the first pair is written into API keys, all are read. */
  api: readonly (readonly [string, string])[];
  max: number;
  unit: string;
  /**
   * Bounds of this field as people write them, for the message («например 45 или 45,5»): each is accepted by
   * the field itself (shared/filters/hints.test.ts), so a hint never shows another field's kind of number.
   */
  examples: readonly [string, ...string[]];
  /** Decimals a bound is shown with in a form (an area: 1); whole numbers by default. */
  decimals?: number;
  /** The bounds a form offers (a payment: «до» only); both by default. */
  formEnds?: readonly ("min" | "max")[];
  /** A bound as people type it («8,5 млн»): a GET form without script submits the text as typed. */
  parse?(text: string): number | null;
}

/** Comma-separated numbers (a GET form's repeated names are joined); SPEC §5 keeps the numeric entries. */
export interface ListDef extends Common {
  kind: "list";
  url?: readonly string[];
  api: readonly string[];
  min: number;
  max: number;
  /** What one entry is, for the message: «номера», «коды», «годы». */
  entries: string;
  /**
   * The most entries (after duplicates are dropped): the API answers more with a 400, a page URL keeps the
   * first ones (its canonical URL is the trimmed list). Every list reaches SQL as one bound JSON array, so the
   * length never adds parameters (D1 binds at most 100 per statement); the maximum bounds the work and the URL.
   */
  maxItems: number;
  /** The entries' Russian names, when they are codes of a short list. */
  options?: Readonly<Record<number, string>>;
}

/** One code of a short list, e.g. distance «Пешком» = 1. */
export interface CodeDef extends Common {
  kind: "code";
  url?: readonly string[];
  api: readonly string[];
  options: Readonly<Record<number, string>>;
}

/** A word of a fixed form: a named listing's `near=metro`, a location page's place. */
export interface WordDef extends Common {
  kind: "word";
  url?: readonly string[];
  api: readonly string[];
  pattern: RegExp;
  /** The rule, in Russian, for the message. */
  rule: string;
  /** A value that fits (the tests' and the fuzz's sample). */
  example: string;
  /**
   * The value's one spelling (a point's fixed decimals), or null when it is none; a page URL written another
   * way is moved to it (its canonical URL), the API reads it.
   */
  canonical?(text: string): string | null;
}

/** One id (a complex): a number, or the API answers 400. */
export interface IdDef extends Common {
  kind: "id";
  url?: readonly string[];
  api: readonly string[];
  /** The largest id, when the ids are 1…max (the stations): a larger one is unknown, refused like a bad one. */
  max?: number;
}

/** A yes that is written as 1. */
export interface FlagDef extends Common {
  kind: "flag";
  url?: readonly string[];
  api: readonly string[];
}

export type FieldDef = RangeDef | ListDef | CodeDef | IdDef | WordDef | FlagDef;
export type FieldTable = Readonly<Record<string, FieldDef>>;

/** A range a filter form offers: in the page URL, typed as people write it. */
export type FormRangeDef = RangeDef & { url: readonly [string, string]; parse(text: string): number | null };

/** The ranges of a table that a filter form offers, in the table's order: those with a URL name and a parser. */
export function formRanges(table: FieldTable): [string, FormRangeDef][] {
  return Object.entries(table).filter(
    (e): e is [string, FormRangeDef] => e[1].kind === "range" && !!e[1].url && !!e[1].parse,
  );
}

/** The value a field holds in a filter object. */
export type ValueOf<D extends FieldDef> = D extends RangeDef
  ? Range
  : D extends ListDef
    ? number[]
    : D extends CodeDef | IdDef
      ? number
      : D extends WordDef
        ? string
        : true;

export type FilterOf<T extends FieldTable> = { -readonly [K in keyof T]?: ValueOf<T[K]> };

/** "1,2,x,,3" → [1, 2, 3]: integer entries within [min, max], each once. */
export function idList(value: string, min = 1, max = 999_999_999): number[] {
  const ids = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^-?\d{1,10}$/.test(s))
    .map(Number)
    .filter((n) => n >= min && n <= max);
  return [...new Set(ids)];
}

const optionsText = (o: Readonly<Record<number, string>>) =>
  Object.entries(o)
    .map(([k, name]) => `${k} — ${name.toLowerCase()}`)
    .join(", ");

/**
 * The schema of one raw value of a field (a range's single bound); its message names the rule, not the field.
 * `strict` (the API): a list longer than its maximum is refused; otherwise (a page URL) it is cut to it.
 */
function schemaOf(def: FieldDef, strict: boolean): v.GenericSchema<string, unknown> {
  switch (def.kind) {
    case "range": {
      const rule = `ожидается число от 0 до ${formatNumber(def.max)}`;
      const hint = `${rule}, например ${def.examples.map((e) => (/^[\d.,]+$/.test(e) ? e : `«${e}»`)).join(" или ")}`;
      const { parse } = def;
      if (parse)
        return v.pipe(
          v.string(),
          v.transform((s) => parse(s) ?? Number.NaN),
          v.check((n) => Number.isFinite(n), hint),
          v.maxValue(def.max, rule),
        );
      return v.pipe(
        v.string(),
        v.transform((s) => s.replace(/\s/g, "")),
        v.regex(/^\d{1,13}(\.\d{1,2})?$/, hint),
        v.transform(Number),
        v.maxValue(def.max, rule),
      );
    }
    case "list": {
      const limits = def.options
        ? `: ${optionsText(def.options)}`
        : ` от ${formatNumber(def.min)} до ${formatNumber(def.max)}`;
      const many = `слишком длинный список: не больше ${formatNumber(def.maxItems)} значений`;
      return v.pipe(
        v.string(),
        v.transform((s) => idList(s, def.min, def.max)),
        v.check((ids) => ids.length > 0, `ожидаются ${def.entries} через запятую${limits}`),
        strict
          ? v.check((ids) => ids.length <= def.maxItems, many)
          : v.transform((ids) => ids.slice(0, def.maxItems)),
      );
    }
    case "code":
      return v.pipe(
        v.string(),
        v.picklist(Object.keys(def.options), `ожидается одно из: ${optionsText(def.options)}`),
        v.transform(Number),
      );
    case "id": {
      const rule = `ожидается номер: целое число от 1 до ${formatNumber(def.max ?? 999_999_999)}`;
      return v.pipe(
        v.string(),
        v.regex(/^0*[1-9]\d{0,8}$/, rule),
        v.transform(Number),
        v.maxValue(def.max ?? 999_999_999, rule),
      );
    }
    case "word": {
      const { canonical } = def;
      if (canonical)
        return v.pipe(
          v.string(),
          v.transform((s) => canonical(s) ?? ""),
          v.check((s) => s !== "", def.rule),
          v.regex(def.pattern, def.rule),
        );
      return v.pipe(v.string(), v.regex(def.pattern, def.rule));
    }
    case "flag":
      return v.pipe(
        v.string(),
        v.literal("1", "ожидается 1"),
        v.transform(() => true as const),
      );
  }
}

/** Schemas are built once per field definition and reading (strict or not). */
const schemas = new WeakMap<FieldDef, Map<boolean, v.GenericSchema<string, unknown>>>();
function schema(def: FieldDef, strict: boolean) {
  let byMode = schemas.get(def);
  if (!byMode) {
    byMode = new Map();
    schemas.set(def, byMode);
  }
  let s = byMode.get(strict);
  if (!s) {
    s = schemaOf(def, strict);
    byMode.set(strict, s);
  }
  return s;
}

/** The message a strict reading gives for a raw value, or null when it is accepted (the tests' hint checks). */
export function issueOf(def: FieldDef, raw: string): string | null {
  const result = v.safeParse(schema(def, true), raw);
  return result.success ? null : result.issues[0].message;
}

/**
 * A list's sort, each of `sorts` written «column order»: `sort` itself, else SPEC §3's pagination names,
 * `sort_column` with `sort_order` (an order the column is not sorted by: its first order in `sorts`); `fallback` for anything
 * else (lenient: a sort never fails a request).
 */
export function readSortOf<S extends string>(get: Get, sorts: readonly S[], fallback: S): S {
  const sort = get("sort");
  if (sort && (sorts as readonly string[]).includes(sort)) return sort as S;
  const column = get("sort_column");
  const order = get("sort_order");
  // A column sorted only one way (area: largest first) takes that way whatever order is asked.
  return (
    sorts.find((s) => s === `${column} ${order}`) ?? sorts.find((s) => s.startsWith(`${column} `)) ?? fallback
  );
}

/** The most pages a list reads (six digits). */
export const PAGE_MAX = 999_999;

/** Page and per_page of a list: page 1…999 999 (strict: else 400), per_page 1…100 (more reads as 100). */
export function readPaging(
  get: Get,
  defaultPerPage: number,
  strict: boolean,
): { page: number; perPage: number } {
  const rawPage = get("page");
  let page = 1;
  if (rawPage !== null && rawPage !== "") {
    if (/^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1) page = Number(rawPage);
    else if (strict)
      throw new FilterError("page", `page: ожидается целое число от 1 до ${formatNumber(PAGE_MAX)}`);
  }
  const rawPer = get("per_page");
  let perPage = defaultPerPage;
  if (rawPer !== null && rawPer !== "") {
    if (/^\d{1,6}$/.test(rawPer) && Number(rawPer) >= 1) perPage = Math.min(PER_PAGE_MAX, Number(rawPer));
    else if (strict)
      throw new FilterError("per_page", `per_page: ожидается целое число от 1 до ${PER_PAGE_MAX}`);
  }
  return { page, perPage };
}

/** Which names a reader takes: a page URL's (SPEC §5, known names only) or the API's (both dialects). */
export type Dialect = "url" | "api";

function namesOf(def: FieldDef, dialect: Dialect): readonly (readonly string[])[] {
  if (def.kind === "range") {
    const pairs = dialect === "url" ? (def.url ? [def.url] : []) : def.api;
    return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  }
  return [(dialect === "url" ? def.url : def.api) ?? []];
}

/** Every name a dialect reads, for telling filter names from the rest of a query. */
export function namesOfTable(table: FieldTable, dialect: Dialect): Set<string> {
  return new Set(Object.values(table).flatMap((def) => namesOf(def, dialect).flat()));
}

/**
 * One value (or a range's bound) read under the first of its names that is present and not empty. Strict
 * (the API): a bad value throws a FilterError whose message names the parameter once. Lenient (a page URL):
 * it is dropped.
 */
function readOne(def: FieldDef, names: readonly string[], get: Get, strict: boolean): unknown {
  for (const name of names) {
    const raw = get(name)?.trim();
    if (!raw) continue;
    const result = v.safeParse(schema(def, strict), raw);
    if (result.success) return result.output;
    if (strict) throw new FilterError(name, `${name}: ${result.issues[0].message}`);
    return undefined;
  }
  return undefined;
}

/** Reads every field of a table. An inverted range (min > max) is swapped, never refused nor empty. */
export function readTable<T extends FieldTable>(
  table: T,
  get: Get,
  dialect: Dialect,
  strict: boolean,
): FilterOf<T> {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(table)) {
    const names = namesOf(def, dialect);
    if (def.kind === "range") {
      const lo = readOne(def, names[0] ?? [], get, strict) as number | undefined;
      const hi = readOne(def, names[1] ?? [], get, strict) as number | undefined;
      if (lo === undefined && hi === undefined) continue;
      const [min, max] = lo !== undefined && hi !== undefined && lo > hi ? [hi, lo] : [lo, hi];
      out[key] = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    } else {
      const value = readOne(def, names[0] ?? [], get, strict);
      if (value !== undefined) out[key] = value;
    }
  }
  return out as FilterOf<T>;
}

/**
 * Writes a filter under the page URL's first names (only the fields pages take), in the visitor's order.
 * Empty values never appear.
 */
export function writeTable<T extends FieldTable>(table: T, filter: FilterOf<T>): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, def] of Object.entries(table)) {
    const value = (filter as Record<string, unknown>)[key];
    if (value === undefined || !def.url) continue;
    if (def.kind === "range") {
      const r = value as Range;
      if (r.min !== undefined) out.push([def.url[0], String(r.min)]);
      if (r.max !== undefined) out.push([def.url[1], String(r.max)]);
    } else if (def.kind !== "list" || (value as number[]).length) {
      const name = def.url[0];
      if (name) out.push([name, def.kind === "flag" ? "1" : String(value)]);
    }
  }
  return out;
}

/** How many values a filter holds for the noindex rule: a range or a code is one, each list entry one. */
export function valueCount<T extends FieldTable>(table: T, filter: FilterOf<T>): number {
  let n = 0;
  for (const [key, def] of Object.entries(table)) {
    const value = (filter as Record<string, unknown>)[key];
    if (!def.seo || value === undefined) continue;
    n += Array.isArray(value) ? value.length : 1;
  }
  return n;
}

/** The filter holds a personal field's value. */
export function hasPersonal<T extends FieldTable>(table: T, filter: FilterOf<T>): boolean {
  return Object.entries(table).some(
    ([key, def]) => def.personal && (filter as Record<string, unknown>)[key] !== undefined,
  );
}

/** A filter without the fields the phone sheet's reset clears. */
export function resetFields<T extends FieldTable>(table: T, filter: FilterOf<T>): FilterOf<T> {
  const next = { ...filter };
  for (const [key, def] of Object.entries(table)) if (def.modalReset) delete next[key as keyof T];
  return next;
}

/** `a=1,2&b=3` with commas left readable: how a filter's URL is written. */
export function queryString(pairs: Iterable<[string, string]>): string {
  return new URLSearchParams([...pairs]).toString().replace(/%2C/g, ",");
}

/** Two queries hold the same parameters (in whatever order and encoding). */
export function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (p: URLSearchParams) =>
    JSON.stringify([...p].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return sorted(a) === sorted(b);
}

/** A GET form sends a multi-select as repeated names (rooms=1&rooms=2): they read as one list. */
export function joinedGet(params: URLSearchParams): Get {
  return (n) => {
    const all = params.getAll(n).filter((s) => s.trim() !== "");
    return all.length ? all.join(",") : null;
  };
}

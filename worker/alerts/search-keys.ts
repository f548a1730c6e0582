/**
 * A saved search's selective keys (migration 0026, docs/decisions/0021-matching-at-scale.md), read off the
 * filter model's own SQL rather than a list of fields: each set field's condition is built by its own entry of
 * the filter table, and a condition that is a plain list (`col = ?`, `col IN (json_each(?))`) or range
 * (`col >= ? AND col <= ?`) of one column of the complex (rc), the apartment (lo) or one of the complex's
 * stations (cs) is a key. Each such condition is necessary for the search's own WHERE (apartmentMatchWhere and
 * apartmentWhere AND their fields, a station field is one of the complex's stations), so a change whose
 * apartment fails a key cannot match: the keys only prune, the search's own SQL still decides.
 */

import { type Bind, binder, type Param } from "../db/queries/bind";
import { FIELD_SQL as CATALOGUE_SQL } from "../db/queries/complex-filter";
import { FIELD_SQL as APARTMENT_SQL } from "../db/queries/living-objects";
import type { SavedFilter } from "./saved-search";

export interface SearchKey {
  /** The column: «rc.district_id», «lo.rooms», «cs.station_id». */
  col: string;
  lo: number;
  hi: number;
  /** 1 for the rows of the one list column a changed apartment is looked up by. */
  driver: 0 | 1;
}

const COLUMN = /^(?:rc|lo|cs)\.[a-z_]+$/;

/** A condition's key rows, or null when it is not a plain list or range of one column. */
function keysOfCondition(sql: string, params: readonly Param[]): Omit<SearchKey, "driver">[] | null {
  const param = (placeholder: string) => params[Number(placeholder.slice(1)) - 1];
  const one = /^([a-z]+\.[a-z_]+) = (\?\d+)$/.exec(sql);
  if (one?.[1] && one[2] && COLUMN.test(one[1])) {
    const v = param(one[2]);
    return typeof v === "number" ? [{ col: one[1], lo: v, hi: v }] : null;
  }
  const list = /^([a-z]+\.[a-z_]+) IN \(SELECT value FROM json_each\((\?\d+)\)\)$/.exec(sql);
  if (list?.[1] && list[2] && COLUMN.test(list[1])) {
    const values: unknown = JSON.parse(String(param(list[2])));
    if (!Array.isArray(values) || !values.every((x) => typeof x === "number")) return null;
    const col = list[1];
    return values.map((v: number) => ({ col, lo: v, hi: v }));
  }
  const parts = sql.split(" AND ").map((p) => /^([a-z]+\.[a-z_]+) (>=|<=) (\?\d+)$/.exec(p));
  const col = parts[0]?.[1];
  if (!col || !COLUMN.test(col) || parts.some((p) => !p || p[1] !== col)) return null;
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  for (const p of parts) {
    const v = p?.[3] ? param(p[3]) : undefined;
    if (typeof v !== "number") return null;
    if (p?.[2] === ">=") lo = Math.max(lo, v);
    else hi = Math.min(hi, v);
  }
  // An open end as the farthest number SQLite keeps exactly enough for any price or area.
  return [{ col, lo: Math.max(lo, -1e15), hi: Math.min(hi, 1e15) }];
}

type Condition = (value: unknown, bind: Bind) => string;

/** Each set field's own condition, by the model's filter table (the station and house levels as they are tested). */
function conditionsOf(saved: SavedFilter): { field: string; value: unknown; condition: Condition }[] {
  const set = (f: Readonly<Record<string, unknown>>) =>
    Object.keys(f).filter((k) => f[k] !== undefined && !(Array.isArray(f[k]) && !(f[k] as unknown[]).length));
  if (saved.model === "catalogue") {
    const f = saved.filter as Readonly<Record<string, unknown>>;
    return set(f)
      .filter((k) => k in CATALOGUE_SQL)
      .map((k) => {
        const def = CATALOGUE_SQL[k as keyof typeof CATALOGUE_SQL];
        // A house's conditions are tested on one house of the complex: no key of the changed apartment's.
        const condition: Condition = (value, bind) =>
          def.on === "house"
            ? ""
            : (def.where as (v: unknown, b: Bind, f: unknown) => string)(value, bind, f);
        return { field: k, value: f[k], condition };
      });
  }
  // The apartments' list shows apartments on sale unless its filter names a status (apartmentWhere).
  const f = { ...saved.filter, status: saved.filter.status ?? [1] } as Readonly<Record<string, unknown>>;
  return set(f)
    .filter((k) => k in APARTMENT_SQL)
    .map((k) => ({
      field: k,
      value: f[k],
      condition: APARTMENT_SQL[k as keyof typeof APARTMENT_SQL] as Condition,
    }));
}

/** An id column names one of many rows (a district, a complex, a station); a code column one of a few. */
const isIdColumn = (col: string) => /\.(id|[a-z_]+_id)$/.test(col);

/**
 * The keys of a saved search (its place already resolved); [] for one with no list field (a candidate for
 * every batch). The driver: the list field of an id column with the fewest values, else the list field with the fewest.
 */
export function searchKeys(saved: SavedFilter): SearchKey[] {
  const fields: { field: string; rows: Omit<SearchKey, "driver">[] }[] = [];
  for (const { field, value, condition } of conditionsOf(saved)) {
    const { params, bind } = binder();
    const rows = keysOfCondition(condition(value, bind), params);
    if (rows?.length) fields.push({ field, rows });
  }
  const lists = fields.filter((f) => f.rows.every((r) => r.lo === r.hi));
  const rank = (f: (typeof fields)[number]) => (isIdColumn(f.rows[0]?.col ?? "") ? 0 : 1e6) + f.rows.length;
  const driver = lists.sort((a, b) => rank(a) - rank(b))[0];
  // Without a list to look it up by, the search is a candidate for every batch: its ranges alone prune nothing.
  if (!driver) return [];
  return fields.flatMap((f) => f.rows.map((r) => ({ ...r, driver: f === driver ? 1 : 0 }) as SearchKey));
}

/** How many columns the keys name (a search can take an apartment only when each column holds for it). */
export const columnsOf = (keys: readonly SearchKey[]) => new Set(keys.map((k) => k.col)).size;

/**
 * Every column a key can name, probed from the two filter tables once (each field's condition on a sample
 * value): the columns a changed apartment's keys are computed for.
 */
export const KEY_COLUMNS: readonly string[] = (() => {
  const samples: unknown[] = [[1], { min: 1, max: 2 }, 1];
  const cols = new Set<string>();
  const probe = (condition: (value: unknown, bind: Bind) => string) => {
    for (const sample of samples) {
      const { params, bind } = binder();
      try {
        for (const k of keysOfCondition(condition(sample, bind), params) ?? []) cols.add(k.col);
      } catch {
        // Not this field's kind of value.
      }
    }
  };
  for (const def of Object.values(CATALOGUE_SQL))
    if (def.on !== "house")
      probe((v, bind) => (def.where as (v: unknown, b: Bind, f: unknown) => string)(v, bind, {}));
  for (const condition of Object.values(APARTMENT_SQL)) probe(condition as Condition);
  return [...cols].sort();
})();

/**
 * Bound parameters of a statement built from parts: a list of values is ONE parameter (a JSON array), so a
 * statement's parameters never grow with a list (D1 binds at most 100 per statement).
 */
import type { Range } from "../../../shared/filters/fields";

export type Param = string | number;
/** Binds a value and answers its placeholder (?N). */
export type Bind = (value: Param) => string;

/**
 * A statement's parameters and its bind: a value bound before is named by its placeholder again (the bucket
 * tests repeat their shifts and bits for each range), so a statement stays far from D1's 100 parameters
 * (worker/db/queries/bind.test.ts).
 */
export function binder(): { params: Param[]; bind: Bind } {
  const params: Param[] = [];
  const bind: Bind = (value) => {
    const at = params.indexOf(value);
    return `?${at >= 0 ? at + 1 : params.push(value)}`;
  };
  return { params, bind };
}

/**
 * A statement's part with only the parameters its SQL names, numbered anew in their order. A part can bind
 * values for a test it then leaves out (the facet bits chosen over the general lookup whose conditions were
 * bound already), and D1 refuses a statement bound with more parameters than it names («Wrong number of
 * parameter bindings»): a buyer's filter failed so, now and then, with a 500 (`npm run test:soak`).
 */
export function named(sql: string, params: readonly Param[]): { sql: string; params: Param[] } {
  const used = [...new Set([...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  if (used.length === params.length) return { sql, params: [...params] };
  const at = new Map(used.map((n, i) => [n, i + 1]));
  return {
    sql: sql.replace(/\?(\d+)/g, (_, n: string) => `?${at.get(Number(n))}`),
    params: used.map((n) => params[n - 1] as Param),
  };
}

/** Codes as the bits of a mask (bit c for code c). */
export const bits = (codes: readonly number[]) => codes.reduce((m, c) => m | (1 << c), 0);

/**
 * A column in a list of values, the list bound as ONE JSON array read by json_each: however long the list,
 * one parameter (D1 binds at most 100 per statement), and SQLite still looks each entry up in the column's
 * index (tests/integration/query-plans.test.ts). One value is an equality: an index on (column, sort) then
 * gives the rows in the sort's order (the apartments' default status), which a list cannot.
 */
export const inList =
  (column: string) =>
  (ids: readonly number[], bind: Bind): string =>
    ids.length === 1
      ? `${column} = ${bind(ids[0] as number)}`
      : `${column} IN (SELECT value FROM json_each(${bind(JSON.stringify(ids))}))`;

export const inRange =
  (column: string) =>
  (r: Range, bind: Bind): string =>
    [
      ...(r.min !== undefined ? [`${column} >= ${bind(r.min)}`] : []),
      ...(r.max !== undefined ? [`${column} <= ${bind(r.max)}`] : []),
    ].join(" AND ");

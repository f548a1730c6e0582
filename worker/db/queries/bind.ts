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

/**
 * Bound parameters of a statement built from parts: a list of values is ONE parameter (a JSON array), so a
 * statement's parameters never grow with a list (D1 binds at most 100 per statement).
 */
import type { Range } from "../../../shared/filters/fields";

export type Param = string | number;
/** Binds a value and answers its placeholder (?N). */
export type Bind = (value: Param) => string;

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

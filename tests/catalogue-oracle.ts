/**
 * The catalogue's filter counted the plain way, for the equivalence checks (tests/integration/count-equivalence,
 * `npm run bench` at scale 10): each field's own condition at its level (plainWhere), no facet column, bucket
 * or rank: what the catalogue's count must equal for every filter.
 */
import type { CatalogueFilter, ListQuery } from "../shared/filters/catalogue";
import type { Param } from "../worker/db/queries/bind";
import { plainWhere } from "../worker/db/queries/complex-filter";
import { complexOrder } from "../worker/db/queries/complexes";

export function directCountSql(f: CatalogueFilter): { sql: string; params: Param[] } {
  const w = plainWhere(f);
  return { sql: `SELECT count(*) AS total FROM residential_complexes rc WHERE ${w.sql}`, params: w.params };
}

/** The ids of a page of the list, in its order. */
export function directPageSql(q: ListQuery): { sql: string; params: Param[] } {
  const w = plainWhere(q.filter);
  const params = [...w.params];
  return {
    sql: `SELECT rc.id FROM residential_complexes rc WHERE ${w.sql} ORDER BY ${complexOrder(q, params)}
      LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`,
    params,
  };
}

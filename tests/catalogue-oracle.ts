/**
 * The catalogue's filter counted the plain way, for the equivalence checks (tests/integration/count-equivalence,
 * `npm run bench` at scale 10): each field's own condition (FIELD_SQL, through filterParts), the apartments' fields on one apartment
 * on sale looked up among all of the complex's, the stations' on one of its stations. No facet column, bucket
 * or rank: what the catalogue's count must equal for every filter.
 */
import type { CatalogueFilter, ListQuery } from "../shared/filters/catalogue";
import type { Param } from "../worker/db/queries/bind";
import { COMPLEX_ORDER, filterParts } from "../worker/db/queries/complexes";

function directWhere(f: CatalogueFilter): { sql: string; params: Param[] } {
  const { params, on: fields, condition } = filterParts(f);
  const on = (place: "complex" | "apartment" | "station") => fields(place).map((key) => condition(key));
  const apartment = on("apartment");
  const station = on("station");
  const where = [
    "rc.is_published = 1",
    ...on("complex"),
    ...(apartment.length
      ? [
          // Within the complex (lo_complex): left to itself the planner walks the whole catalogue's area index
          // for an area range, for each complex (migration 0017).
          `EXISTS (SELECT 1 FROM living_objects lo INDEXED BY lo_complex WHERE lo.complex_id = rc.id AND lo.status = 1 AND ${apartment.join(" AND ")})`,
        ]
      : []),
    ...(station.length
      ? [
          `EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND ${station.join(" AND ")})`,
        ]
      : []),
  ];
  return { sql: where.join(" AND "), params };
}

export function directCountSql(f: CatalogueFilter): { sql: string; params: Param[] } {
  const w = directWhere(f);
  return { sql: `SELECT count(*) AS total FROM residential_complexes rc WHERE ${w.sql}`, params: w.params };
}

/** The ids of a page of the list, in its order. */
export function directPageSql(q: ListQuery): { sql: string; params: Param[] } {
  const w = directWhere(q.filter);
  return {
    sql: `SELECT rc.id FROM residential_complexes rc WHERE ${w.sql} ORDER BY ${COMPLEX_ORDER[q.sort]}
      LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`,
    params: w.params,
  };
}

import type { LocationApi } from "../../../shared/location-types";
import { inList } from "./bind";

export interface LocationRow {
  id: number;
  name: string;
  slug: string;
  rc_count: number;
  kind: string | null;
  hex_color: string | null;
  line: string | null;
  line_name: string | null;
  parent_id: number | null;
  name_in: string | null;
  name_of: string | null;
  lat: number | null;
  lng: number | null;
}

/** Per location kind: its table and its extra columns. */
const SOURCES: Record<LocationApi, { from: string; columns: string }> = {
  subways: {
    from: "subway_stations t JOIN lines l ON l.id = t.line_id",
    columns:
      "t.kind, l.color AS hex_color, l.number AS line, l.name AS line_name, t.locality_id AS parent_id, NULL AS name_in, NULL AS name_of, t.lat, t.lng",
  },
  districts: {
    from: "districts t",
    columns:
      "t.kind, NULL AS hex_color, NULL AS line, NULL AS line_name, t.city_area_id AS parent_id, t.name_in, t.name_of, t.lat, t.lng",
  },
  highways: {
    from: "highways t",
    columns:
      "NULL AS kind, NULL AS hex_color, NULL AS line, NULL AS line_name, NULL AS parent_id, t.name_in, t.name_of, NULL AS lat, NULL AS lng",
  },
  localities: {
    from: "localities t",
    columns:
      "t.kind, NULL AS hex_color, NULL AS line, NULL AS line_name, t.region_id AS parent_id, t.name_in, t.name_of, t.lat, t.lng",
  },
  regions: {
    from: "regions t",
    columns:
      "NULL AS kind, NULL AS hex_color, NULL AS line, NULL AS line_name, NULL AS parent_id, t.name_in, t.name_of, NULL AS lat, NULL AS lng",
  },
  "city-areas": {
    from: "city_areas t",
    columns:
      "t.abbrev AS kind, NULL AS hex_color, NULL AS line, NULL AS line_name, t.region_id AS parent_id, t.name_in, t.name_of, t.lat, t.lng",
  },
  "mo-districts": {
    from: "mo_districts t",
    columns:
      "t.kind, NULL AS hex_color, NULL AS line, NULL AS line_name, NULL AS parent_id, t.name_in, t.name_of, NULL AS lat, NULL AS lng",
  },
  railways: {
    from: "railways t",
    columns:
      "NULL AS kind, NULL AS hex_color, NULL AS line, NULL AS line_name, NULL AS parent_id, t.name_in, t.name_of, NULL AS lat, NULL AS lng",
  },
};

export interface LocationScope {
  /** subways: metro | mcc | mcd */
  kind?: string;
  /** localities: region; subways: locality; districts: city area. One or several (the filter's cascade). */
  parentId?: number | readonly number[];
}

function scopeSql(api: LocationApi, scope: LocationScope, params: (string | number)[]): string {
  const where: string[] = [];
  if (scope.kind && api === "subways") {
    params.push(scope.kind);
    where.push(`t.kind = ?${params.length}`);
  }
  if (scope.parentId !== undefined) {
    const column =
      api === "subways"
        ? "t.locality_id"
        : api === "localities"
          ? "t.region_id"
          : api === "districts"
            ? "t.city_area_id"
            : null;
    if (column) {
      // One parameter however many places the cascade names (D1 binds at most 100): inList's JSON array.
      where.push(inList(column)([scope.parentId].flat(), (value) => `?${params.push(value)}`));
    }
  }
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/**
 * A location's published complexes, kept by migration 0016's triggers in `location_counts` (one row per location,
 * whoever writes the complexes or their stations): a list of every station reads one row each, not the catalogue.
 */
const countJoin = (api: LocationApi) =>
  `LEFT JOIN location_counts lc ON lc.kind = '${api}' AND lc.location_id = t.id`;

export async function listLocations(
  db: D1Database,
  api: LocationApi,
  scope: LocationScope,
): Promise<LocationRow[]> {
  const s = SOURCES[api];
  const params: (string | number)[] = [];
  const where = scopeSql(api, scope, params);
  const { results } = await db
    .prepare(
      `SELECT t.id, t.name, t.slug, coalesce(lc.complexes, 0) AS rc_count, ${s.columns} FROM ${s.from}
       ${countJoin(api)} ${where}`,
    )
    .bind(...params)
    .all<LocationRow>();
  return results.sort((a, b) => a.name.localeCompare(b.name, "ru"));
}

/** One location by id or slug (slugs of stations are unique within their kind). */
export function getLocation(
  db: D1Database,
  api: LocationApi,
  idOrSlug: number | string,
  scope: LocationScope,
): Promise<LocationRow | null> {
  const s = SOURCES[api];
  const params: (string | number)[] = [idOrSlug];
  const where = scopeSql(api, scope, params);
  const key = typeof idOrSlug === "number" ? "t.id = ?1" : "t.slug = ?1";
  return db
    .prepare(
      `SELECT t.id, t.name, t.slug, coalesce(lc.complexes, 0) AS rc_count, ${s.columns} FROM ${s.from}
       ${countJoin(api)} ${where ? `${where} AND ${key}` : `WHERE ${key}`} LIMIT 1`,
    )
    .bind(...params)
    .first<LocationRow>();
}

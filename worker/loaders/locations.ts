import type { LocationType } from "../../shared/constants";
import { LOCATION_TYPE_DEFS, type LocationApi } from "../../shared/location-types";
import type { LocationItem } from "../../shared/schemas/locations";
import { readThrough } from "../cache/kv";
import { getLocation, type LocationRow, type LocationScope, listLocations } from "../db/queries/locations";
import { type Deps, once } from "./deps";

function toItem(r: LocationRow): LocationItem {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    link_title: r.name,
    rc_count: r.rc_count,
    hex_color: r.hex_color,
    kind: r.kind,
    line: r.line,
    line_name: r.line_name,
    parent_id: r.parent_id,
    name_in: r.name_in,
    name_of: r.name_of,
    lat: r.lat,
    lng: r.lng,
  };
}

export async function loadLocations(
  deps: Deps,
  api: LocationApi,
  scope: LocationScope,
): Promise<{ data: LocationItem[] }> {
  return { data: (await listLocations(deps.db, api, scope)).map(toItem) };
}

export async function loadLocation(
  deps: Deps,
  api: LocationApi,
  idOrSlug: number | string,
  scope: LocationScope,
): Promise<{ data: LocationItem } | null> {
  const row = await once(deps, getLocation, api, idOrSlug, scope);
  return row ? { data: toItem(row) } : null;
}

/**
 * A place's id by its path, kept in KV this long: a location page's list then starts with the place's own row,
 * in one wave of D1 instead of two (issue #20). A path that names no place is not kept. Places are reference
 * data: a slug that an import gave to another place still finds the old one's complexes for up to an hour in
 * the list calls, while the page itself (its status is the place's own row, read from D1) is already a 404.
 */
const PLACE_ID_TTL_S = 3600;

/** "po-metro/sokolniki" → the location's id and its filter field, or null when there is no such place. */
export async function resolveLocation(deps: Deps, path: string) {
  const [type, slug] = path.split("/") as [LocationType, string];
  const def = LOCATION_TYPE_DEFS[type];
  if (!def || !slug) return null;
  const id = await readThrough(deps.kv, "place-id", path, PLACE_ID_TTL_S, async () => {
    const row = await once(deps, getLocation, def.api, slug, { kind: def.kind, parentId: def.region });
    return row?.id ?? null;
  });
  return id === null ? null : { id, field: def.filter };
}

import type { LocationType } from "../../shared/constants";
import { LOCATION_TYPE_DEFS, type LocationApi } from "../../shared/locations";
import type { LocationItem } from "../../shared/schemas/locations";
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

/** "po-metro/sokolniki" → the location's id and its filter field, or null when there is no such place. */
export async function resolveLocation(deps: Deps, path: string) {
  const [type, slug] = path.split("/") as [LocationType, string];
  const def = LOCATION_TYPE_DEFS[type];
  if (!def || !slug) return null;
  const row = await once(deps, getLocation, def.api, slug, { kind: def.kind, parentId: def.region });
  return row ? { id: row.id, field: def.filter } : null;
}

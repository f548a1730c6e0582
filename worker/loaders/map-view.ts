/**
 * The map's view of a filter (GET /residential-complexes/map-view, and the map page's first view): the clusters
 * of the view's cells, counted by D1 (worker/db/queries/map-view.ts) and merged as the grid clustering merges
 * them (shared/map/cluster.ts), and the complexes a cluster opens as a card. Its size follows the cells in
 * view, however many complexes the catalogue has.
 */
import { type CatalogueFilter, isEmptyFilter } from "../../shared/filters/catalogue";
import { areaCellKm, commuteAreas, REACH_KM } from "../../shared/map/areas";
import { clustersOfCells, coarsen, inBox, toMetre, withMergeMargin } from "../../shared/map/cluster";
import { type Bounds, FIRST_LEVEL, project, ZOOM_MAX } from "../../shared/map/projection";
import type { ViewQuery } from "../../shared/map/view";
import type { StationLink } from "../../shared/schemas/catalogue";
import type { MapAreas, MapDestination, MapPointTuple, MapStation, MapView } from "../../shared/schemas/map";
import { forget, readThrough } from "../cache/kv";
import { listMapPoints } from "../db/queries/complexes";
import { listAreaStations, listCellCommutes, listMapCells, mapDestination } from "../db/queries/map-view";
import { resolvePlace } from "./complexes";
import type { Deps } from "./deps";

/** ~11 m: plenty for a map, and a shorter answer. */
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The whole catalogue's first view (no filter: the map everyone opens first) is kept in KV this long. */
const MAP_KV_TTL_S = 300;

/**
 * A view of the filter's map: every level up to the first view's over the whole catalogue (`bbox` null), or a
 * closer level's clusters in a box. Null when a location filter names no place.
 */
/**
 * Forgets the whole catalogue's map kept in KV (its view, and its cells that a destination's view colours): after the feeds' pull, so that the map's count and the list beside
 * it (read live) agree at once, not after the entry's TTL. A KV failure leaves the TTL to end it.
 */
export async function forgetWholeMap(kv: KVNamespace): Promise<void> {
  await Promise.all(["map-view", "map-cells"].map((kind) => forget(kv, kind, "all")));
}

export function loadMapView(deps: Deps, query: CatalogueFilter, view: ViewQuery): Promise<MapView | null> {
  const whole = view.bbox === null || view.zoom <= FIRST_LEVEL;
  const load = async (): Promise<MapView | null> => {
    const filter = await resolvePlace(deps, query);
    if (!filter) return null;
    const level = whole ? FIRST_LEVEL : view.zoom;
    const to = filter.commute_to;
    const box = whole ? null : view.bbox;
    // A box's clusters are made of its cells and those around it, then kept by their centroid (withMergeMargin).
    const counted = box && withMergeMargin(box, level);
    const walk = filter.commute_walk;
    const { commute_to: _to, commute_at: _at, ...rest } = query;
    // A destination alone narrows nothing: the whole catalogue's cells, which KV keeps, with its minutes.
    const [cells, commutes, commuteTo, areas] = await Promise.all([
      whole && isEmptyFilter(rest)
        ? readThrough(
            deps.kv,
            "map-cells",
            "all",
            MAP_KV_TTL_S,
            () => listMapCells(deps.db, {}, level, null),
            0,
          )
        : listMapCells(deps.db, filter, level, counted),
      typeof to === "number" ? listCellCommutes(deps.db, filter, to, level, counted) : undefined,
      typeof to === "number" ? destinationOf(deps, to, walk) : undefined,
      typeof to === "number" ? areasOf(deps, to, walk ?? 0, level, box) : null,
    ]);
    if (commutes) for (const c of cells) c.commute = commutes.get(`${c.ix},${c.iy}`) ?? null;
    const from = whole ? 0 : level;
    const levels = Array.from({ length: level - from + 1 }, (_, i) =>
      clustersOfCells(from + i === level ? cells : coarsen(cells, level - from - i), from + i).filter(
        ({ tuple }) => !box || inBox(box, { x: tuple[0], y: tuple[1] }),
      ),
    );
    // A card's complexes: one alone, or several in one place (or any at the closest level).
    const alone = new Set<number>();
    const together = new Map<number, number[]>();
    for (const [i, clusters] of levels.entries()) {
      for (const { tuple, ids } of clusters) {
        if (!ids) continue;
        const spread = Math.max(tuple[6] - tuple[4], tuple[7] - tuple[5]);
        if (ids.length === 1) alone.add(ids[0] ?? 0);
        else if (from + i >= ZOOM_MAX || spread < 2 ** -ZOOM_MAX) {
          together.set(
            tuple[3],
            [...ids].sort((a, b) => a - b),
          );
          for (const id of ids) alone.add(id);
        }
      }
    }
    const { stations, points } = await pointsOf(deps, [...alone], to, filter.commute_walk);
    return {
      from,
      levels: levels.map((clusters) => clusters.map((c) => c.tuple)),
      stations,
      points,
      together: [...together.values()],
      ...(commuteTo ? { commuteTo } : {}),
      ...(areas ? { areas } : {}),
    };
  };
  return whole && isEmptyFilter(query)
    ? readThrough(deps.kv, "map-view", "all", MAP_KV_TTL_S, load, 0)
    : load();
}

/**
 * The areas coloured by commute to `to` at a level, over `box` (null: wherever its stations reach): the
 * stations in the box or a walk outside it, and each cell's least walk + trip (shared/map/areas.ts), plus the
 * walk beyond the destination's station to a point (`walk`, 0 for a station).
 */
async function areasOf(
  deps: Deps,
  to: number,
  walk: number,
  level: number,
  box: Bounds | null,
): Promise<MapAreas | null> {
  const near = box && {
    min: { x: box.min.x - REACH_KM, y: box.min.y - REACH_KM },
    max: { x: box.max.x + REACH_KM, y: box.max.y + REACH_KM },
  };
  const stations = await listAreaStations(deps.db, to, near);
  return commuteAreas(
    walk ? stations.map((s) => ({ ...s, minutes: s.minutes + walk })) : stations,
    areaCellKm(level),
    box,
  );
}

/** A commute's destination as the map marks it (undefined: no such station; the filter checked its range). */
async function destinationOf(
  deps: Deps,
  to: number,
  walk: number | undefined,
): Promise<MapDestination | undefined> {
  const row = await mapDestination(deps.db, to);
  if (!row) return undefined;
  const at = project(row.lat, row.lng);
  const mark: MapDestination = [
    row.name,
    row.kind as StationLink["kind"],
    row.color,
    toMetre(at.x),
    toMetre(at.y),
  ];
  // A point's walk from its station (a filter resolved by resolveCommute).
  if (walk !== undefined) mark.push(walk);
  return mark;
}

/**
 * The complexes as map points, in id order; their nearest stations sent once and referred to by index; with a
 * commute's destination, each one's minutes there (a point's: with the walk from its station, `walk`).
 */
async function pointsOf(
  deps: Deps,
  ids: number[],
  to: CatalogueFilter["commute_to"],
  walk: CatalogueFilter["commute_walk"],
): Promise<{ stations: MapStation[]; points: MapPointTuple[] }> {
  const stations: MapStation[] = [];
  if (!ids.length) return { stations, points: [] };
  const index = new Map<string, number>();
  // A point's walk from its station counts in each complex's minutes, as in the cells'.
  const rows = await listMapPoints(
    deps.db,
    to === undefined ? { ids } : { ids, commute_to: to, commute_walk: walk },
  );
  const points = rows.map((r): MapPointTuple => {
    let station = -1;
    if (r.station_name !== null && r.station_kind !== null && r.station_color !== null) {
      const key = `${r.station_kind}|${r.station_name}|${r.station_color}`;
      station = index.get(key) ?? -1;
      if (station < 0) {
        station = stations.push([r.station_name, r.station_kind as StationLink["kind"], r.station_color]) - 1;
        index.set(key, station);
      }
    }
    const point: MapPointTuple = [r.id, round4(r.lat), round4(r.lng), r.name, r.slug, r.min_price, station];
    if (r.commute !== undefined) point.push(r.commute ?? -1);
    return point;
  });
  return { stations, points };
}

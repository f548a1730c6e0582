/** «Время в пути» (issue 32): a destination named as a place (shared/transit/destination.ts). */

import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { readPoint } from "../../shared/filters/commute";
import type { CommuteDestination, CommuteRoutes, CommuteTime } from "../../shared/schemas/catalogue";
import {
  chooseDestination,
  choosePoint,
  type DestinationAnswer,
  type DestinationPlace,
  DestinationProblem,
  type StationPlace,
} from "../../shared/transit/destination";
import {
  COMPLEX_ROUTES_SQL,
  commuteWalk,
  DESTINATION_PLACES_SQL,
  DESTINATION_STATIONS_SQL,
  type DestinationRow,
  destinationSql,
  PUBLISHED_COMPLEX_SQL,
  type RouteRow,
} from "../db/queries/commute";
import type { Deps } from "./deps";

/** The place a name means and its station; throws DestinationProblem when it has none. */
export async function loadCommuteDestination(deps: Deps, place: string): Promise<DestinationAnswer> {
  const [places, stations] = await deps.db.batch([
    deps.db.prepare(DESTINATION_PLACES_SQL),
    deps.db.prepare(DESTINATION_STATIONS_SQL),
  ]);
  return chooseDestination(
    place,
    (places?.results ?? []) as DestinationPlace[],
    (stations?.results ?? []) as StationPlace[],
  );
}

/**
 * The filter with its point (`commute_at`) turned into the station nearest on foot (`commute_to`) and the walk
 * from it (`commute_walk`), which every time, limit and order then counts (worker/db/queries/commute.ts).
 * Throws DestinationProblem when every station is beyond a walk (the API's 400).
 */
export async function resolveCommute(deps: Deps, filter: CatalogueFilter): Promise<CatalogueFilter> {
  if (filter.commute_at === undefined) return filter;
  const { commute_at, commute_to: _, ...rest } = filter;
  const at = readPoint(commute_at);
  // The filter's reading let only a point of the region through; this is the same rule.
  if (!at) throw new DestinationProblem("Такой точки нет в Москве и Подмосковье");
  const stations = await deps.db.prepare(DESTINATION_STATIONS_SQL).all<StationPlace>();
  const { station, walk } = choosePoint(at, stations.results);
  return { ...rest, commute_to: station.id, commute_walk: walk };
}

/**
 * A way from its JSON (worker/db/queries/commute.ts wayJson: a card's column, a route of the complex page);
 * `after`: the walk from the last station to a point, counted in the minutes.
 */
export function commuteOf(json: string | null | undefined, after: number): CommuteTime | null {
  if (!json) return null;
  const [walk, ride, transfers, lines] = JSON.parse(json) as [
    number,
    number,
    number,
    [string, CommuteTime["kinds"][number]][],
  ];
  return {
    minutes: walk + ride + after,
    walk,
    ride,
    ...(after ? { after } : {}),
    transfers,
    colors: lines.map(([color]) => color),
    kinds: lines.map(([, kind]) => kind),
  };
}

/** A station row as the answer names it. */
const stationOf = (r: DestinationRow): CommuteDestination => ({
  id: r.id,
  name: r.name,
  kind: r.kind as CommuteDestination["kind"],
  color: r.color,
});

/**
 * A complex's ways to the destination (`commute_to` or `commute_at` of `filter`), one per station it walks
 * to, the quickest first; null when the complex is not in the catalogue or the station is unknown. Throws
 * DestinationProblem for a point beyond a walk (the API's 400).
 */
export async function loadCommuteRoutes(
  deps: Deps,
  complex: number,
  filter: Pick<CatalogueFilter, "commute_to" | "commute_at">,
): Promise<CommuteRoutes | null> {
  const resolved = await resolveCommute(deps, filter);
  const to = resolved.commute_to;
  if (to === undefined) return null;
  const walk = commuteWalk(resolved);
  const dest = destinationSql(to);
  const [station, routes, published] = await deps.db.batch([
    deps.db.prepare(dest.sql).bind(...dest.params),
    deps.db.prepare(COMPLEX_ROUTES_SQL).bind(complex, to),
    deps.db.prepare(PUBLISHED_COMPLEX_SQL).bind(complex),
  ]);
  const row = station?.results?.[0] as DestinationRow | undefined;
  if (!row || !published?.results?.length) return null;
  return {
    to: { ...stationOf(row), ...(filter.commute_at ? { point: { at: filter.commute_at, walk } } : {}) },
    routes: ((routes?.results ?? []) as RouteRow[]).map((r) => ({
      station: stationOf(r),
      time: commuteOf(r.commute_json, walk),
    })),
  };
}

/** «Время в пути» (issue 32): a destination named as a place (shared/transit/destination.ts). */

import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { readPoint } from "../../shared/filters/commute";
import {
  chooseDestination,
  choosePoint,
  type DestinationAnswer,
  type DestinationPlace,
  DestinationProblem,
  type StationPlace,
} from "../../shared/transit/destination";
import { DESTINATION_PLACES_SQL, DESTINATION_STATIONS_SQL } from "../db/queries/commute";
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

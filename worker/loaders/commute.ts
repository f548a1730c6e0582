/** «Время в пути» (issue 32): a destination named as a place (shared/transit/destination.ts). */

import type { CommuteDestination } from "../../shared/schemas/catalogue";
import {
  chooseDestination,
  type DestinationAnswer,
  type DestinationPlace,
} from "../../shared/transit/destination";
import { DESTINATION_PLACES_SQL, DESTINATION_STATIONS_SQL } from "../db/queries/commute";
import type { Deps } from "./deps";

type StationPlace = CommuteDestination & { lat: number; lng: number };

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

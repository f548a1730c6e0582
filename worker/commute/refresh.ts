/**
 * station_trips follow the network D1 holds (issue 32): a station added, renamed, moved or closed in
 * subway_stations / station_lines / lines changes the network's fingerprint (shared/transit/network.ts), and
 * the five-minute cron recomputes the trips from one slice of stations after another (with the kept minutes of
 * the complexes that walk to each, migration 0028) until they are the new network's; a network changed again
 * meanwhile starts over. Between two changes a run only reads the network and, where a feed's complex walks to
 * a station no trip started from, computes that station's trips: its complexes get a time on the next run.
 */
import { type NetworkRow, networkFingerprint, networkOf } from "../../shared/transit/network";
import {
  deleteUnwalkedTrips,
  NETWORK_SQL,
  replaceTripsStatements,
  setTransitState,
  TRANSIT_STATE_SQL,
  type TransitState,
  WALKED_TO_AFTER_SQL,
  WALKED_TO_WITHOUT_TRIPS_SQL,
} from "../db/queries/commute";

/** Stations whose trips one run recomputes (a station: a few hundred trips and its complexes' minutes). */
export const STATIONS_PER_RUN = 20;

/** One run: the next slice of a rebuild, or the stations walked to without trips; what it did, for the tests. */
export async function refreshStationTrips(
  db: D1Database,
  perRun = STATIONS_PER_RUN,
): Promise<{ rebuilt: number[]; done: boolean }> {
  const [network, state] = await db.batch([db.prepare(NETWORK_SQL), db.prepare(TRANSIT_STATE_SQL)]);
  const rows = (network?.results ?? []) as NetworkRow[];
  const now = (state?.results?.[0] as TransitState | undefined) ?? {
    built: null,
    building: null,
    next_from: 0,
  };
  const fingerprint = networkFingerprint(rows);
  const trips = networkOf(rows);
  const rebuild = async (stations: readonly number[]) => {
    for (const from of stations) await db.batch(replaceTripsStatements(db, from, trips.tripsFrom(from)));
  };
  if (now.built === fingerprint) {
    const { results } = await db.prepare(WALKED_TO_WITHOUT_TRIPS_SQL).bind(perRun).all<{ id: number }>();
    const missing = results.map((r) => r.id);
    await rebuild(missing);
    return { rebuilt: missing, done: true };
  }
  // A rebuild toward this network: from where it stands, or from the start when the network is another.
  const after = now.building === fingerprint ? now.next_from : 0;
  const { results } = await db.prepare(WALKED_TO_AFTER_SQL).bind(after, perRun).all<{ id: number }>();
  const slice = results.map((r) => r.id);
  await rebuild(slice);
  const last = slice.at(-1);
  if (slice.length === perRun && last !== undefined) {
    await setTransitState(db, { built: now.built, building: fingerprint, next_from: last }).run();
    return { rebuilt: slice, done: false };
  }
  await db.batch([
    deleteUnwalkedTrips(db),
    setTransitState(db, { built: fingerprint, building: null, next_from: 0 }),
  ]);
  return { rebuilt: slice, done: true };
}

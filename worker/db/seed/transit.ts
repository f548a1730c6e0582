/**
 * The commute's station-to-station trips (migration 0024): from every station a complex walks to, the quickest
 * trip to every station within COMMUTE_HORIZON minutes, by shared/transit/graph.ts. Only the stations complexes
 * walk to start a trip that a commute can use (the walk from the complex is the trip's first part), which keeps
 * the table to the catalogue's size: a station no complex walks to starts none.
 */
import { COMMUTE_HORIZON } from "../../../shared/filters/commute";
import { LINES, RING_LINE_NUMBERS } from "../../../shared/geo/metro";
import type { LineKind } from "../../../shared/geo/types";
import { stationKey, TransitGraph } from "../../../shared/transit/graph";
import type { Tables } from "./tables";

export function generateStationTrips(t: Tables): void {
  const graph = new TransitGraph(LINES, RING_LINE_NUMBERS);
  const idOf = new Map<string, number>();
  for (const s of t.records("subway_stations"))
    idOf.set(stationKey(s.kind as LineKind, String(s.name)), Number(s.id));
  const lineIds = new Map(t.records("lines").map((l) => [String(l.number), Number(l.id)]));
  const walkedTo = new Set(
    t
      .records("complex_stations")
      .filter((cs) => cs.distance_type === 1)
      .map((cs) => Number(cs.station_id)),
  );
  for (const [key, from] of [...idOf].sort((a, b) => a[1] - b[1])) {
    if (!walkedTo.has(from)) continue;
    const trips = graph.tripsFrom(key);
    for (const [toKey, to] of idOf) {
      const trip = trips.get(toKey);
      if (!trip || trip.minutes > COMMUTE_HORIZON) continue;
      t.add("station_trips", {
        to_id: to,
        from_id: from,
        minutes: trip.minutes,
        transfers: trip.transfers,
        lines: trip.lines.map((n) => lineIds.get(n)).join(","),
      });
    }
  }
}

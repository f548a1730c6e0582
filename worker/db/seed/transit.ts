/**
 * The commute's station-to-station trips (migration 0024): from every station a complex walks to, the quickest
 * trip to every station within COMMUTE_HORIZON minutes, by shared/transit/graph.ts over the network as the
 * seed's own rows hold it (shared/transit/network.ts: the scheduled rebuild reads the same rows from D1). Only
 * the stations complexes walk to start a trip that a commute can use (the walk from the complex is the trip's
 * first part), which keeps the table to the catalogue's size: a station no complex walks to starts none. The
 * network's fingerprint is kept beside them (transit_state, migration 0028): the trips are the network's.
 */
import { byLine, type NetworkRow, networkFingerprint, networkOf } from "../../../shared/transit/network";
import type { Tables } from "./tables";

/** The network's rows as NETWORK_SQL will read them from D1. */
function networkRows(t: Tables): NetworkRow[] {
  const lines = new Map(t.records("lines").map((l) => [Number(l.id), l]));
  const stations = new Map(t.records("subway_stations").map((s) => [Number(s.id), s]));
  return t
    .records("station_lines")
    .map((sl) => {
      const line = lines.get(Number(sl.line_id));
      const s = stations.get(Number(sl.station_id));
      if (!line || !s) throw new Error(`station_lines names no line or station: ${JSON.stringify(sl)}`);
      return {
        line_id: Number(line.id),
        number: String(line.number),
        kind: String(line.kind),
        name: String(line.name),
        color: String(line.color),
        position: Number(sl.position),
        station_id: Number(s.id),
        station: String(s.name),
        lat: Number(s.lat),
        lng: Number(s.lng),
      };
    })
    .sort(byLine);
}

export function generateStationTrips(t: Tables): void {
  const rows = networkRows(t);
  const network = networkOf(rows);
  const walkedTo = new Set(
    t
      .records("complex_stations")
      .filter((cs) => cs.distance_type === 1)
      .map((cs) => Number(cs.station_id)),
  );
  for (const from of network.stations) {
    if (!walkedTo.has(from)) continue;
    for (const trip of network.tripsFrom(from)) t.add("station_trips", { ...trip });
  }
  t.add("transit_state", { id: 1, built: networkFingerprint(rows), building: null, next_from: 0 });
}

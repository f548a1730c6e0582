/**
 * The rail network as the catalogue's database holds it (lines, station_lines, subway_stations): the lines the
 * transit graph is built from, and a fingerprint of it. The seed builds station_trips from these rows as D1
 * will hold them, and the scheduled rebuild (worker/commute/refresh.ts) from the rows D1 holds now, so a
 * station added, renamed, moved or closed in D1 changes the fingerprint, and the trips follow.
 */
import { COMMUTE_HORIZON } from "../filters/commute";
import { RING_LINE_NUMBERS } from "../geo/metro";
import type { GeoLine, LineKind } from "../geo/types";
import { stationKey, TransitGraph } from "./graph";

/** One station's place on a line, in the line's order (NETWORK_SQL; the seed's tables alike). */
export interface NetworkRow {
  line_id: number;
  number: string;
  kind: string;
  name: string;
  color: string;
  position: number;
  station_id: number;
  station: string;
  lat: number;
  lng: number;
}

/** Rows in the network's order: by line, then along it. */
export const byLine = (a: NetworkRow, b: NetworkRow) => a.line_id - b.line_id || a.position - b.position;

/** The lines of the rows (in order), each station by name as the graph keys them. */
export function linesOf(rows: readonly NetworkRow[]): GeoLine[] {
  const lines = new Map<number, GeoLine>();
  for (const r of [...rows].sort(byLine)) {
    let line = lines.get(r.line_id);
    if (!line) {
      line = { number: r.number, kind: r.kind as LineKind, name: r.name, color: r.color, stations: [] };
      lines.set(r.line_id, line);
    }
    line.stations.push({ name: r.station, lat: r.lat, lng: r.lng });
  }
  return [...lines.values()];
}

/**
 * What the trips depend on, as a short text: every station's id, name, kind, place and line position (FNV-1a
 * over them, and the count). Equal networks give equal fingerprints, whatever order the rows came in.
 */
export function networkFingerprint(rows: readonly NetworkRow[]): string {
  let hash = 0x811c9dc5;
  const text = [...rows]
    .sort(byLine)
    .map((r) => [r.line_id, r.number, r.kind, r.position, r.station_id, r.station, r.lat, r.lng].join("|"))
    .join("\n");
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${rows.length}:${hash.toString(16).padStart(8, "0")}`;
}

/** A row of station_trips (migration 0024). */
export interface StationTripRow {
  to_id: number;
  from_id: number;
  minutes: number;
  transfers: number;
  /** The ids of the lines ridden, in order, comma-separated. */
  lines: string;
}

/** The graph of a network and its stations' and lines' ids, to compute trips from one station after another. */
export function networkOf(rows: readonly NetworkRow[]) {
  const graph = new TransitGraph(linesOf(rows), RING_LINE_NUMBERS);
  const idOf = new Map<string, number>();
  const keyOf = new Map<number, string>();
  const lineIds = new Map<string, number>();
  for (const r of rows) {
    const key = stationKey(r.kind as LineKind, r.station);
    idOf.set(key, r.station_id);
    keyOf.set(r.station_id, key);
    lineIds.set(r.number, r.line_id);
  }
  /** The quickest trip from a station to each station within COMMUTE_HORIZON minutes; none from one off the network. */
  const tripsFrom = (from: number): StationTripRow[] => {
    const key = keyOf.get(from);
    if (key === undefined) return [];
    const trips = graph.tripsFrom(key);
    const out: StationTripRow[] = [];
    for (const [toKey, to] of [...idOf].sort((a, b) => a[1] - b[1])) {
      const trip = trips.get(toKey);
      if (!trip || trip.minutes > COMMUTE_HORIZON) continue;
      out.push({
        to_id: to,
        from_id: from,
        minutes: trip.minutes,
        transfers: trip.transfers,
        lines: trip.lines.map((n) => lineIds.get(n)).join(","),
      });
    }
    return out;
  };
  return { tripsFrom, stations: [...keyOf.keys()].sort((a, b) => a - b) };
}

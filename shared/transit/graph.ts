/**
 * Door-to-door times on Moscow's rail transit (issue 32): a graph of the metro, МЦК and МЦД from our geography
 * (shared/geo/metro.ts), and the quickest trip between every two stations in it. The model, all of whose rules
 * are here and on the method page:
 *
 * - A ride between neighbouring stations takes the straight line between them times TRACK_DETOUR at the line
 *   kind's running speed, plus the train's stop at the next station (MODEL).
 * - Boarding a line costs half its rush-hour headway (the average wait), at the first station and after
 *   every transfer.
 * - A transfer within one station (one name, several lines) is TRANSFER_MINUTES on foot; between two stations
 *   less than TRANSFER_KM apart it is the walk between them at the catalogue's walking pace (shared/geo/distance).
 * - No surface transport, no timetables, no crowding: times are estimates («≈»).
 */
import { haversineKm, WALK_DETOUR, WALK_KMH } from "../geo/distance";
import type { GeoLine, GeoStation, LineKind } from "../geo/types";

/** Running speed between stations (km/h), the stop at each station and half the rush-hour headway (minutes). */
export const MODEL: Record<LineKind, { speed: number; dwell: number; wait: number }> = {
  metro: { speed: 48, dwell: 0.5, wait: 1 },
  mcc: { speed: 40, dwell: 0.75, wait: 2.5 },
  mcd: { speed: 55, dwell: 1, wait: 3 },
};
/** Lines whose trains run less often than their kind's (half the headway, minutes): МЦД-3 and МЦД-4. */
export const WAIT_OF_LINE: Readonly<Record<string, number>> = { D3: 5, D4: 5 };
/** Rails are not straight either. */
export const TRACK_DETOUR = 1.1;
/** Changing lines within one station. */
export const TRANSFER_MINUTES = 3;
/** Two stations nearer than this are a transfer on foot. */
export const TRANSFER_KM = 0.5;

/**
 * A station as the catalogue knows it: one per name within its kind, «ё» written «е» (the D1 table
 * subway_stations, worker/db/seed/geography.ts).
 */
export const stationKey = (kind: LineKind, name: string) => `${kind}:${name.replace(/ё/g, "е")}`;

export interface Trip {
  /** Door to door between the platforms: waits, rides, transfers; rounded to whole minutes. */
  minutes: number;
  /** Minutes spent on trains (rides and stops) and on waits, and on foot between lines. */
  ride: number;
  wait: number;
  walk: number;
  transfers: number;
  /** The lines ridden, in order (their numbers). */
  lines: string[];
}

interface Platform {
  station: string;
  line: GeoLine;
}

interface Edge {
  to: number;
  ride: number;
  wait: number;
  walk: number;
}

export const waitOf = (line: GeoLine) => WAIT_OF_LINE[line.number] ?? MODEL[line.kind].wait;

/** Minutes from one station to the next on a line: the run at its speed and the stop. */
export function runMinutes(line: GeoLine, from: GeoStation, to: GeoStation) {
  const km = haversineKm(from.lat, from.lng, to.lat, to.lng) * TRACK_DETOUR;
  return (km / MODEL[line.kind].speed) * 60 + MODEL[line.kind].dwell;
}

/** Minutes on foot between two stations' platforms (not rounded: a trip's parts add up before rounding). */
export function transferWalk(a: GeoStation, b: GeoStation, same: boolean) {
  if (same) return TRANSFER_MINUTES;
  return Math.max(2, ((haversineKm(a.lat, a.lng, b.lat, b.lng) * WALK_DETOUR) / WALK_KMH) * 60);
}

/**
 * The network as a graph of two nodes per platform (a station on one line): standing on the platform (2p) and on
 * a train there (2p + 1). Boarding waits for the line, alighting is free, trains ride between neighbours, and
 * people walk between platforms of different lines. A trip starts and ends on foot: a walk to the destination
 * waits for no train.
 */
export class TransitGraph {
  readonly platforms: Platform[] = [];
  /** Station key → its platforms. */
  readonly stations = new Map<string, number[]>();
  private readonly edges: Edge[][] = [];

  constructor(lines: readonly GeoLine[], rings: readonly string[]) {
    const where: GeoLine["stations"][number][] = [];
    const edge = (from: number, e: Edge) => this.edges[from]?.push(e);
    for (const line of lines) {
      const ids = line.stations.map((s) => {
        const station = stationKey(line.kind, s.name);
        const id = this.platforms.push({ station, line }) - 1;
        this.edges.push([], []);
        where.push(s);
        this.stations.set(station, [...(this.stations.get(station) ?? []), id]);
        edge(2 * id, { to: 2 * id + 1, ride: 0, wait: waitOf(line), walk: 0 });
        edge(2 * id + 1, { to: 2 * id, ride: 0, wait: 0, walk: 0 });
        return id;
      });
      const ring = rings.includes(line.number);
      for (let i = 0; i < ids.length; i++) {
        const j = i + 1 < ids.length ? i + 1 : ring && ids.length > 2 ? 0 : -1;
        if (j < 0) continue;
        const a = ids[i] as number;
        const b = ids[j] as number;
        const ride = runMinutes(line, where[a] as GeoStation, where[b] as GeoStation);
        edge(2 * a + 1, { to: 2 * b + 1, ride, wait: 0, walk: 0 });
        edge(2 * b + 1, { to: 2 * a + 1, ride, wait: 0, walk: 0 });
      }
    }
    // Transfers: every two platforms of different lines at one station or within TRANSFER_KM on foot.
    for (let a = 0; a < this.platforms.length; a++) {
      for (let b = 0; b < this.platforms.length; b++) {
        const pa = this.platforms[a] as Platform;
        const pb = this.platforms[b] as Platform;
        if (a === b || pa.line === pb.line) continue;
        const sa = where[a] as GeoStation;
        const sb = where[b] as GeoStation;
        const same = pa.station === pb.station;
        if (!same && haversineKm(sa.lat, sa.lng, sb.lat, sb.lng) >= TRANSFER_KM) continue;
        edge(2 * a, { to: 2 * b, ride: 0, wait: 0, walk: transferWalk(sa, sb, same) });
      }
    }
  }

  /**
   * The quickest trip from a station to every station (Dijkstra; a few hundred platforms, so a linear scan for
   * the next node is simpler than a heap and fast enough). Stations the network does not reach are left out.
   */
  tripsFrom(station: string): Map<string, Trip> {
    const n = this.edges.length;
    const cost = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    const parts = Array.from({ length: n }, () => ({ ride: 0, wait: 0, walk: 0 }));
    const prev = new Int32Array(n).fill(-1);
    const done = new Uint8Array(n);
    for (const p of this.stations.get(station) ?? []) cost[2 * p] = 0;
    for (;;) {
      let u = -1;
      for (let i = 0; i < n; i++) if (!done[i] && (u < 0 || (cost[i] as number) < (cost[u] as number))) u = i;
      if (u < 0 || cost[u] === Number.POSITIVE_INFINITY) break;
      done[u] = 1;
      const at = parts[u] as { ride: number; wait: number; walk: number };
      for (const e of this.edges[u] ?? []) {
        const c = (cost[u] as number) + e.ride + e.wait + e.walk;
        if (c < (cost[e.to] as number) - 1e-9) {
          cost[e.to] = c;
          prev[e.to] = u;
          parts[e.to] = { ride: at.ride + e.ride, wait: at.wait + e.wait, walk: at.walk + e.walk };
        }
      }
    }
    const best = new Map<string, number>();
    this.platforms.forEach(({ station: to }, p) => {
      const q = best.get(to);
      if (
        cost[2 * p] !== Number.POSITIVE_INFINITY &&
        (q === undefined || (cost[2 * p] as number) < (cost[q] as number))
      )
        best.set(to, 2 * p);
    });
    const trips = new Map<string, Trip>();
    for (const [to, node] of best) {
      // The lines boarded, in order: a node on a train whose predecessor stood on the platform.
      const lines: string[] = [];
      for (let q = node; q >= 0; q = prev[q] as number) {
        const before = prev[q] as number;
        if (q % 2 === 1 && before >= 0 && before % 2 === 0)
          lines.unshift((this.platforms[(q - 1) / 2] as Platform).line.number);
      }
      const { ride, wait, walk } = parts[node] as { ride: number; wait: number; walk: number };
      trips.set(to, {
        minutes: Math.round(cost[node] as number),
        ride,
        wait,
        walk,
        transfers: Math.max(0, lines.length - 1),
        lines,
      });
    }
    return trips;
  }
}

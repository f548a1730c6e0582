/**
 * «Время в пути» (issue 32): door to door from a complex to a destination station is the walk to one of its
 * stations (complex_stations, on foot only) plus the trip from there (station_trips, migration 0024), the
 * least over its stations. A complex with no walk to a station that has a trip there has no time: it is left
 * out of a limited list, never guessed. Each complex's least time to each destination is kept in
 * complex_commutes (migration 0028, by triggers on complex_stations and REFRESH_COMMUTES with the trips): the
 * catalogue's queries read it by key; the plain forms below (the oracle's) compute it from the two tables.
 */
import type { Bind, Param } from "./bind";

/** complex_commutes' row every complex has: the unlimited sort's tail (no time to the destination), by id. */
export const NO_COMMUTE = { to: 0, minutes: 99_999 } as const;

/**
 * The walk from the destination station to the point named (a filter resolved by worker/loaders/commute.ts):
 * 0 for a station itself. Bound as a constant of the request: every complex's time is its station minutes plus
 * it, so no order changes and the kept index still answers.
 */
export function commuteWalk(f: Readonly<Record<string, unknown>>): number {
  return typeof f.commute_walk === "number" && f.commute_walk > 0 ? f.commute_walk : 0;
}

/**
 * The complexes within `limit` minutes door to door of a destination, as kept: one range of
 * complex_commutes_order, the station's minutes within the limit less the walk beyond the station.
 */
export function commuteWithin(to: number, limit: number, walk: number, bind: Bind): string {
  return `rc.id IN (SELECT k.complex_id FROM complex_commutes k INDEXED BY complex_commutes_order
    WHERE k.to_id = ${bind(to)} AND k.minutes <= ${bind(limit - walk)})`;
}

/** The same complexes the plain way: the destination's trips, then each station's complexes, the walk added. */
export function commuteWithinTrips(to: number, limit: number, walk: number, bind: Bind): string {
  return `rc.id IN (SELECT cs.complex_id FROM station_trips t
    JOIN complex_stations cs INDEXED BY complex_stations_station ON cs.station_id = t.from_id AND cs.distance_type = 1
    WHERE t.to_id = ${bind(to)} AND t.minutes <= ${bind(limit)}
      AND cs.minutes + t.minutes + ${bind(walk)} <= ${bind(limit)})`;
}

/** A complex's least time to the destination, the walk added (NULL without one), as kept: one seek by its key. */
export function commuteMinutes(to: number, walk: number, bind: Bind): string {
  return `(SELECT k.minutes + ${bind(walk)} FROM complex_commutes k WHERE k.complex_id = rc.id AND k.to_id = ${bind(to)})`;
}

/**
 * The same the plain way, over the complex's stations and their trips: the oracle's commute order, and the
 * map's minutes of every complex in view. There the kept seek is slower: each complex's rows are on their own
 * page of a large table, while complex_stations and station_trips stay in the cache (in the sqlite3 shell at
 * scale 10, the minutes of all 24 340 complexes to one station: 110 ms by seek, 25 ms computed).
 */
export function commuteMinutesFromTrips(to: number, bind: Bind, walk = 0): string {
  return `(SELECT MIN(cs.minutes + t.minutes) + ${bind(walk)} FROM complex_stations cs
    JOIN station_trips t ON t.to_id = ${bind(to)} AND t.from_id = cs.station_id
    WHERE cs.complex_id = rc.id AND cs.distance_type = 1)`;
}

/** complex_commutes from complex_stations and station_trips, again: the end of the seed, and after a new network. */
export const REFRESH_COMMUTES = [
  "DELETE FROM complex_commutes",
  `INSERT INTO complex_commutes (complex_id, to_id, minutes)
    SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
      JOIN station_trips t ON t.from_id = cs.station_id
      WHERE cs.distance_type = 1 AND cs.minutes IS NOT NULL GROUP BY cs.complex_id, t.to_id`,
  `INSERT INTO complex_commutes (complex_id, to_id, minutes)
    SELECT id, ${NO_COMMUTE.to}, ${NO_COMMUTE.minutes} FROM residential_complexes`,
] as const;

/**
 * The ids of a page in the commute's order (the quickest first, the id settling a tie; without a limit, the
 * complexes with no time after, by id), read off complex_commutes_order and stopped at the page: the
 * destination's rows in order, then (without a limit) every complex's NO_COMMUTE row, merged (MERGE UNION ALL,
 * each part in its index's order, no sort). `to`: the station and the walk beyond it (the limit's range is the
 * station's minutes within the limit less the walk; the order is the station's, the walk a constant of all).
 * `where`: the filter's conditions on `rc`.
 */
export function commutePageIdsSql(
  to: { id: number; walk: number },
  limit: number | undefined,
  where: string,
  bind: Bind,
  page: { limit: string; offset: string },
): string {
  const part = (key: string) => `SELECT k.minutes AS commute_order, k.complex_id AS id
    FROM complex_commutes k INDEXED BY complex_commutes_order CROSS JOIN residential_complexes rc ON rc.id = k.complex_id
    WHERE ${key} AND ${where}`;
  const order = `ORDER BY commute_order, id LIMIT ${page.limit} OFFSET ${page.offset}`;
  if (limit !== undefined)
    return `${part(`k.to_id = ${bind(to.id)} AND k.minutes <= ${bind(limit - to.walk)}`)} ${order}`;
  const known = part(`k.to_id = ${bind(to.id)}`);
  const unknown = part(`k.to_id = ${bind(NO_COMMUTE.to)}
    AND NOT EXISTS (SELECT 1 FROM complex_commutes kt WHERE kt.complex_id = k.complex_id AND kt.to_id = ${bind(to.id)})`);
  return `${known} UNION ALL ${unknown} ${order}`;
}

/** The destination as the cards name it: «м. Охотный Ряд», and its line's colour. */
export interface DestinationRow {
  id: number;
  name: string;
  kind: string;
  color: string;
}

export const destinationSql = (to: number): { sql: string; params: Param[] } => ({
  sql: `SELECT s.id, s.name, s.kind, l.color FROM subway_stations s JOIN lines l ON l.id = s.line_id WHERE s.id = ?1`,
  params: [to],
});

/**
 * A way as JSON: [walk, trip minutes, transfers, [colour, kind] of each line ridden in order], from a row of
 * complex_stations (`cs`) and its trip (`t`); `p`: a prefix for the subquery's own names.
 */
const wayJson = (cs: string, t: string, p: string) => `json_array(${cs}.minutes, ${t}.minutes, ${t}.transfers,
      json((SELECT coalesce(json_group_array(json_array(${p}_l.color, ${p}_l.kind)), '[]') FROM (SELECT ${p}_l.color, ${p}_l.kind
        FROM json_each('[' || ${t}.lines || ']') ${p}_j JOIN lines ${p}_l ON ${p}_l.id = ${p}_j.value ORDER BY ${p}_j.key) ${p}_l)))`;

/**
 * A card's quickest way to the destination as a column of the list's row: [walk, trip minutes, transfers,
 * [colour, kind] of each line ridden in order], or NULL when none is known. A seek within the complex's
 * stations and, for each, the trip by its key; made only for the rows the page shows.
 */
export function commuteColumn(to: number, bind: Bind): string {
  return `(SELECT ${wayJson("cm_cs", "cm_t", "cm")}
    FROM complex_stations cm_cs JOIN station_trips cm_t ON cm_t.to_id = ${bind(to)} AND cm_t.from_id = cm_cs.station_id
    WHERE cm_cs.complex_id = rc.id AND cm_cs.distance_type = 1
    ORDER BY cm_cs.minutes + cm_t.minutes, cm_cs.minutes, cm_cs.station_id LIMIT 1) AS commute_json`;
}

/** A complex's station it walks to and its trip to the destination (a route of the complex page). */
export interface RouteRow {
  id: number;
  name: string;
  kind: string;
  color: string;
  /** [walk, trip minutes, transfers, [colour, kind] of each line ridden]; null: no trip from this station. */
  commute_json: string | null;
}

/**
 * Each station complex ?1 walks to, with its trip to station ?2 (the lines ridden by the trip's order), the
 * quickest door to door first, those with no trip last (by the walk, then the station).
 */
export const COMPLEX_ROUTES_SQL = `SELECT s.id, s.name, s.kind, l.color,
    CASE WHEN t.to_id IS NULL THEN NULL ELSE ${wayJson("cs", "t", "r")} END AS commute_json
  FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id JOIN lines l ON l.id = s.line_id
  LEFT JOIN station_trips t ON t.to_id = ?2 AND t.from_id = cs.station_id
  WHERE cs.complex_id = ?1 AND cs.distance_type = 1 AND cs.minutes IS NOT NULL
  ORDER BY t.to_id IS NULL, cs.minutes + t.minutes, cs.minutes, s.id`;

/** A published complex's id (?1): the routes' complex is one of the catalogue's. */
export const PUBLISHED_COMPLEX_SQL =
  "SELECT id FROM residential_complexes WHERE id = ?1 AND is_published = 1";

/** The places a destination may be named by (shared/transit/destination.ts): stations, districts, towns. */
export const DESTINATION_PLACES_SQL = `SELECT 'station' AS kind, s.id, s.name, NULL AS name_of, s.lat, s.lng
    FROM subway_stations s
  UNION ALL SELECT 'district', d.id, d.name, d.name_of, d.lat, d.lng FROM districts d
  UNION ALL SELECT 'locality', l.id, l.name, l.name_of, l.lat, l.lng FROM localities l
  ORDER BY 1, 2`;

/** Every station with its line's colour and where it is: the place's nearest is one of them. */
export const DESTINATION_STATIONS_SQL = `SELECT s.id, s.name, s.kind, l.color, s.lat, s.lng
  FROM subway_stations s JOIN lines l ON l.id = s.line_id ORDER BY s.id`;

/** The network as D1 holds it, in shared/transit/network.ts's NetworkRow: each station's place on its lines. */
export const NETWORK_SQL = `SELECT l.id AS line_id, l.number, l.kind, l.name, l.color, sl.position,
    s.id AS station_id, s.name AS station, s.lat, s.lng
  FROM station_lines sl JOIN lines l ON l.id = sl.line_id JOIN subway_stations s ON s.id = sl.station_id
  ORDER BY l.id, sl.position`;

export interface TransitState {
  built: string | null;
  building: string | null;
  next_from: number;
}

export const TRANSIT_STATE_SQL = "SELECT built, building, next_from FROM transit_state WHERE id = 1";

/** The stations complexes walk to, after `after`, in order: those a rebuild starts trips from. */
export const WALKED_TO_AFTER_SQL = `SELECT DISTINCT station_id AS id FROM complex_stations
  WHERE distance_type = 1 AND station_id > ?1 ORDER BY station_id LIMIT ?2`;

/**
 * Stations of the network that complexes walk to and no trip starts from (a feed's complex walks to a station
 * none walked to before): their trips are computed on the next run.
 */
export const WALKED_TO_WITHOUT_TRIPS_SQL = `SELECT DISTINCT cs.station_id AS id FROM complex_stations cs
  WHERE cs.distance_type = 1 AND EXISTS (SELECT 1 FROM station_lines sl WHERE sl.station_id = cs.station_id)
    AND NOT EXISTS (SELECT 1 FROM station_trips t WHERE t.to_id = cs.station_id AND t.from_id = cs.station_id)
  ORDER BY cs.station_id LIMIT ?1`;

/** Complexes that walk to station ?1: their kept minutes follow its trips. */
const WALKERS = "SELECT complex_id FROM complex_stations WHERE station_id = ?1 AND distance_type = 1";

/**
 * One station's trips replaced by `trips` (bound as ONE JSON array of [to, minutes, transfers, lines]: a
 * station's few hundred rows in one statement), and the kept minutes of the complexes that walk to it again.
 */
export function replaceTripsStatements(
  db: D1Database,
  from: number,
  trips: readonly { to_id: number; minutes: number; transfers: number; lines: string }[],
): D1PreparedStatement[] {
  const json = JSON.stringify(trips.map((t) => [t.to_id, t.minutes, t.transfers, t.lines]));
  return [
    db.prepare("DELETE FROM station_trips WHERE from_id = ?1").bind(from),
    db
      .prepare(
        `INSERT INTO station_trips (to_id, from_id, minutes, transfers, lines)
          SELECT json_extract(j.value, '$[0]'), ?1, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'),
            json_extract(j.value, '$[3]') FROM json_each(?2) j`,
      )
      .bind(from, json),
    db.prepare(`DELETE FROM complex_commutes WHERE to_id > 0 AND complex_id IN (${WALKERS})`).bind(from),
    db
      .prepare(
        `INSERT INTO complex_commutes (complex_id, to_id, minutes)
          SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
            JOIN station_trips t ON t.from_id = cs.station_id
            WHERE cs.complex_id IN (${WALKERS}) AND cs.distance_type = 1 AND cs.minutes IS NOT NULL
            GROUP BY cs.complex_id, t.to_id`,
      )
      .bind(from),
  ];
}

/** Where a rebuild stands: toward which network, after which station. */
export const setTransitState = (db: D1Database, s: TransitState) =>
  db
    .prepare(
      `INSERT INTO transit_state (id, built, building, next_from) VALUES (1, ?1, ?2, ?3)
        ON CONFLICT (id) DO UPDATE SET built = excluded.built, building = excluded.building, next_from = excluded.next_from`,
    )
    .bind(s.built, s.building, s.next_from);

/** The trips of stations no complex walks to any more: gone once a rebuild is through. */
export const deleteUnwalkedTrips = (db: D1Database) =>
  db.prepare(`DELETE FROM station_trips WHERE from_id NOT IN
    (SELECT station_id FROM complex_stations WHERE distance_type = 1)`);

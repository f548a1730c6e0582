/**
 * «Время в пути» (issue 32): door to door from a complex to a destination station is the walk to one of its
 * stations (complex_stations, on foot only) plus the trip from there (station_trips, migration 0024), the
 * least over its stations. A complex with no walk to a station that has a trip there has no time: it is left
 * out of a limited list, never guessed.
 */
import type { Bind, Param } from "./bind";

/** The complexes within `limit` minutes of a destination: the destination's trips, then each station's complexes. */
export function commuteWithin(to: number, limit: number, bind: Bind): string {
  return `rc.id IN (SELECT cs.complex_id FROM station_trips t
    JOIN complex_stations cs INDEXED BY complex_stations_station ON cs.station_id = t.from_id AND cs.distance_type = 1
    WHERE t.to_id = ${bind(to)} AND t.minutes <= ${bind(limit)} AND cs.minutes + t.minutes <= ${bind(limit)})`;
}

/** A complex's least time to the destination (NULL without one): the commute sort's key. */
export function commuteMinutes(to: number, bind: Bind): string {
  return `(SELECT MIN(cs.minutes + t.minutes) FROM complex_stations cs
    JOIN station_trips t ON t.to_id = ${bind(to)} AND t.from_id = cs.station_id
    WHERE cs.complex_id = rc.id AND cs.distance_type = 1)`;
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
 * A card's quickest way to the destination as a column of the list's row: [walk, trip minutes, transfers,
 * [colour, kind] of each line ridden in order], or NULL when none is known. A seek within the complex's
 * stations and, for each, the trip by its key; made only for the rows the page shows.
 */
export function commuteColumn(to: number, bind: Bind): string {
  return `(SELECT json_array(cm_cs.minutes, cm_t.minutes, cm_t.transfers,
      json((SELECT coalesce(json_group_array(json_array(cm_l.color, cm_l.kind)), '[]') FROM (SELECT cm_l.color, cm_l.kind
        FROM json_each('[' || cm_t.lines || ']') cm_j JOIN lines cm_l ON cm_l.id = cm_j.value ORDER BY cm_j.key) cm_l)))
    FROM complex_stations cm_cs JOIN station_trips cm_t ON cm_t.to_id = ${bind(to)} AND cm_t.from_id = cm_cs.station_id
    WHERE cm_cs.complex_id = rc.id AND cm_cs.distance_type = 1
    ORDER BY cm_cs.minutes + cm_t.minutes, cm_cs.minutes, cm_cs.station_id LIMIT 1) AS commute_json`;
}

-- Door-to-door commute (issue 32): the quickest trip from every station a complex walks to, to every station
-- within 90 minutes (the longest limit the filter offers), computed ahead from shared/transit/graph.ts by the
-- seed (worker/db/seed/transit.ts), never per request. One row per pair: the minutes (waits, rides and
-- changes, rounded), the transfers and the lines ridden in order (ids of `lines`, comma-separated; empty when
-- the trip is no trip: the station itself). Keyed by the destination first: «every complex within 45 minutes
-- of X» reads X's rows, then each station's complexes from complex_stations_station. Why D1 and not a file:
-- docs/decisions/0019-station-trips-in-d1.md.
CREATE TABLE station_trips (
  to_id INTEGER NOT NULL REFERENCES subway_stations (id),
  from_id INTEGER NOT NULL REFERENCES subway_stations (id),
  minutes INTEGER NOT NULL,
  transfers INTEGER NOT NULL,
  lines TEXT NOT NULL,
  PRIMARY KEY (to_id, from_id)
) WITHOUT ROWID;

-- Developers' feeds as they are really written (issue 22).
-- A station of a complex: distance_type 3 is a station the feed names without a time and without coordinates
-- to estimate one (minutes NULL: shown by name only, never matched by the distance filters); `estimated` marks
-- walking minutes computed from the complex's and the station's coordinates (shown as «≈ 9 мин пешком»).
-- SQLite cannot change a column's constraint in place: the table is rebuilt with its indexes.
CREATE TABLE complex_stations_new (
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  station_id INTEGER NOT NULL REFERENCES subway_stations (id),
  distance_type INTEGER NOT NULL CHECK (distance_type IN (1, 2, 3)),
  minutes INTEGER CHECK ((minutes IS NULL) = (distance_type = 3)),
  estimated INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (complex_id, station_id)
) WITHOUT ROWID;
INSERT INTO complex_stations_new (complex_id, station_id, distance_type, minutes)
  SELECT complex_id, station_id, distance_type, minutes FROM complex_stations;
DROP TABLE complex_stations;
ALTER TABLE complex_stations_new RENAME TO complex_stations;
CREATE INDEX complex_stations_station ON complex_stations (station_id, distance_type, minutes, complex_id);
CREATE INDEX complex_stations_distance ON complex_stations (distance_type, minutes, complex_id);
CREATE INDEX complex_stations_nearest ON complex_stations (complex_id, distance_type, minutes, station_id);
-- The complex's picture: the first image of its offers without a plan tag (shown through the image proxy).
ALTER TABLE residential_complexes ADD COLUMN image TEXT;
-- An import's issues grouped by kind: [{kind, count, skipped, example: {id, line, reason, fix}}].
ALTER TABLE import_runs ADD COLUMN groups TEXT NOT NULL DEFAULT '[]';

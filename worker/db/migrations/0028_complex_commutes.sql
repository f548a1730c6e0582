-- «Время в пути» (issue 32): each complex's least door-to-door minutes to each destination station, kept from
-- complex_stations (the walk, on foot only) and station_trips (the trip), so that a list sorted by the commute
-- reads the destination's complexes in order off complex_commutes_order and stops at its page, and the limited
-- filter is one range of that index. Before, each complex's minimum was computed per row and the whole filter
-- sorted: 43–80 ms for a page at scale 10 (docs/decisions/0019-station-trips-in-d1.md).
-- Kept by the triggers below whatever writes complex_stations (the feeds), and rebuilt with station_trips
-- (worker/db/queries/commute.ts REFRESH_COMMUTES: the seed and the geography's rebuild). Without a walk to a
-- station that has a trip there, a complex has no row for that destination: its time is not known.
-- And every complex has one row more, to_id 0 with minutes 99999: the unlimited sort's tail (the complexes
-- with no time to the destination, in id order), read off the same index, so that no page sorts the catalogue.
CREATE TABLE complex_commutes (
  complex_id INTEGER NOT NULL,
  to_id INTEGER NOT NULL,
  minutes INTEGER NOT NULL,
  PRIMARY KEY (complex_id, to_id)
) WITHOUT ROWID;
CREATE INDEX complex_commutes_order ON complex_commutes (to_id, minutes, complex_id);

INSERT INTO complex_commutes (complex_id, to_id, minutes)
  SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
    JOIN station_trips t ON t.from_id = cs.station_id
    WHERE cs.distance_type = 1 AND cs.minutes IS NOT NULL GROUP BY cs.complex_id, t.to_id;
INSERT INTO complex_commutes (complex_id, to_id, minutes) SELECT id, 0, 99999 FROM residential_complexes;

CREATE TRIGGER complex_commutes_complex_insert AFTER INSERT ON residential_complexes BEGIN
  INSERT INTO complex_commutes (complex_id, to_id, minutes) VALUES (NEW.id, 0, 99999);
END;
CREATE TRIGGER complex_commutes_complex_delete AFTER DELETE ON residential_complexes BEGIN
  DELETE FROM complex_commutes WHERE complex_id = OLD.id;
END;

-- A complex's rows again, from its walks as they are now.
CREATE TRIGGER complex_commutes_insert AFTER INSERT ON complex_stations WHEN NEW.distance_type = 1 BEGIN
  DELETE FROM complex_commutes WHERE complex_id = NEW.complex_id AND to_id > 0;
  INSERT INTO complex_commutes (complex_id, to_id, minutes)
    SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
      JOIN station_trips t ON t.from_id = cs.station_id
      WHERE cs.complex_id = NEW.complex_id AND cs.distance_type = 1 AND cs.minutes IS NOT NULL
      GROUP BY cs.complex_id, t.to_id;
END;
CREATE TRIGGER complex_commutes_delete AFTER DELETE ON complex_stations WHEN OLD.distance_type = 1 BEGIN
  DELETE FROM complex_commutes WHERE complex_id = OLD.complex_id AND to_id > 0;
  INSERT INTO complex_commutes (complex_id, to_id, minutes)
    SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
      JOIN station_trips t ON t.from_id = cs.station_id
      WHERE cs.complex_id = OLD.complex_id AND cs.distance_type = 1 AND cs.minutes IS NOT NULL
      GROUP BY cs.complex_id, t.to_id;
END;
-- A feed's upsert that changes nothing a commute reads fires nothing.
CREATE TRIGGER complex_commutes_update AFTER UPDATE OF complex_id, station_id, distance_type, minutes ON complex_stations
  WHEN (OLD.distance_type = 1 OR NEW.distance_type = 1)
    AND (OLD.complex_id IS NOT NEW.complex_id OR OLD.station_id IS NOT NEW.station_id
      OR OLD.distance_type IS NOT NEW.distance_type OR OLD.minutes IS NOT NEW.minutes) BEGIN
  DELETE FROM complex_commutes WHERE complex_id IN (OLD.complex_id, NEW.complex_id) AND to_id > 0;
  INSERT INTO complex_commutes (complex_id, to_id, minutes)
    SELECT cs.complex_id, t.to_id, min(cs.minutes + t.minutes) FROM complex_stations cs
      JOIN station_trips t ON t.from_id = cs.station_id
      WHERE cs.complex_id IN (OLD.complex_id, NEW.complex_id) AND cs.distance_type = 1 AND cs.minutes IS NOT NULL
      GROUP BY cs.complex_id, t.to_id;
END;

-- The network station_trips were computed from (shared/transit/network.ts networkFingerprint): `built`. A
-- change of the stations or lines in D1 changes the fingerprint; the scheduled rebuild (worker/commute/
-- refresh.ts) then recomputes the trips from one station after another toward `building`, `next_from` the
-- last station done, and the kept minutes of the complexes that walk to each. The seed writes its row; no row
-- (a database migrated after its seed): the network is not known, and the trips are rebuilt once.
CREATE TABLE transit_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  built TEXT,
  building TEXT,
  next_from INTEGER NOT NULL DEFAULT 0
);

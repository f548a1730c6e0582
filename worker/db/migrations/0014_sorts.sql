-- The catalogue's sorts that buyers use (issue 18), each read from an index of the published complexes:
-- price per m² (cheapest first), deadline (soonest first), area (largest first), nearest to a station and newest.
CREATE INDEX rc_price_m2 ON residential_complexes (is_published, min_price_m2);
CREATE INDEX rc_deadline_soon ON residential_complexes (is_published, deadline_year, deadline_quarter);
CREATE INDEX rc_area ON residential_complexes (is_published, max_area);
CREATE INDEX rc_newest ON residential_complexes (is_published, id);
-- The nearest station of a complex as one sortable number: walking before transport, then minutes
-- (distance_type * 1000 + minutes); 99999 when it has none. Kept by the triggers below whatever writes
-- complex_stations (the seed, the feeds' import).
ALTER TABLE residential_complexes ADD COLUMN station_rank INTEGER NOT NULL DEFAULT 99999;
UPDATE residential_complexes SET station_rank = coalesce(
  (SELECT min(cs.distance_type * 1000 + cs.minutes) FROM complex_stations cs WHERE cs.complex_id = residential_complexes.id),
  99999);
CREATE INDEX rc_station_rank ON residential_complexes (is_published, station_rank);
CREATE TRIGGER complex_stations_rank_insert AFTER INSERT ON complex_stations BEGIN
  UPDATE residential_complexes SET station_rank = coalesce(
    (SELECT min(cs.distance_type * 1000 + cs.minutes) FROM complex_stations cs WHERE cs.complex_id = NEW.complex_id),
    99999)
  WHERE id = NEW.complex_id;
END;
CREATE TRIGGER complex_stations_rank_update AFTER UPDATE ON complex_stations BEGIN
  UPDATE residential_complexes SET station_rank = coalesce(
    (SELECT min(cs.distance_type * 1000 + cs.minutes) FROM complex_stations cs WHERE cs.complex_id = residential_complexes.id),
    99999)
  WHERE id IN (OLD.complex_id, NEW.complex_id);
END;
CREATE TRIGGER complex_stations_rank_delete AFTER DELETE ON complex_stations BEGIN
  UPDATE residential_complexes SET station_rank = coalesce(
    (SELECT min(cs.distance_type * 1000 + cs.minutes) FROM complex_stations cs WHERE cs.complex_id = OLD.complex_id),
    99999)
  WHERE id = OLD.complex_id;
END;

-- The published complexes of every location, kept as they change, so that a list of locations with their counts
-- (the stations' page, the filter's lists, the home page's stations) reads one row per location instead of counting
-- the catalogue: at scale 10 the metro's counts took 44 ms, every district's 8 ms (README, «Counts at any scale»).
--
-- complex_locations: each complex's locations, one row per kind and location; the kind is the API's name of the
-- location list (shared/locations.ts LocationApi), a station is one of the complex's stations.
CREATE VIEW complex_locations (complex_id, kind, location_id) AS
  SELECT complex_id, kind, location_id FROM (
    SELECT rc.id AS complex_id, k.column1 AS kind,
      CASE k.column1
        WHEN 'regions' THEN rc.region_id WHEN 'localities' THEN rc.locality_id
        WHEN 'city-areas' THEN rc.city_area_id WHEN 'districts' THEN rc.district_id
        WHEN 'mo-districts' THEN rc.mo_district_id WHEN 'highways' THEN rc.highway_id
        WHEN 'railways' THEN rc.railway_id
      END AS location_id
    FROM residential_complexes rc
    CROSS JOIN (VALUES ('regions'), ('localities'), ('city-areas'), ('districts'), ('mo-districts'), ('highways'),
      ('railways')) k
  ) WHERE location_id IS NOT NULL
  UNION ALL SELECT complex_id, 'subways', station_id FROM complex_stations;

CREATE TABLE location_counts (
  kind TEXT NOT NULL,
  location_id INTEGER NOT NULL,
  complexes INTEGER NOT NULL,
  PRIMARY KEY (kind, location_id)
) WITHOUT ROWID;

INSERT INTO location_counts (kind, location_id, complexes)
  SELECT cl.kind, cl.location_id, count(*) FROM complex_locations cl
  JOIN residential_complexes rc ON rc.id = cl.complex_id
  WHERE rc.is_published = 1
  GROUP BY cl.kind, cl.location_id;

-- Whoever writes: a published complex's locations are taken out before it changes or goes, and put in once it
-- has changed or come (the view reads the row as it is at that moment); a station linked to or unlinked from a
-- published complex counts or stops counting. Complexes are deleted after their stations (the foreign key).
CREATE TRIGGER location_counts_complex_insert AFTER INSERT ON residential_complexes WHEN NEW.is_published = 1
BEGIN
  INSERT INTO location_counts (kind, location_id, complexes)
    SELECT kind, location_id, 1 FROM complex_locations WHERE complex_id = NEW.id
    ON CONFLICT (kind, location_id) DO UPDATE SET complexes = complexes + 1;
END;
CREATE TRIGGER location_counts_complex_before_update
  BEFORE UPDATE OF is_published, region_id, locality_id, city_area_id, district_id, mo_district_id, highway_id,
    railway_id ON residential_complexes WHEN OLD.is_published = 1
BEGIN
  UPDATE location_counts SET complexes = complexes - 1
    WHERE (kind, location_id) IN (SELECT kind, location_id FROM complex_locations WHERE complex_id = OLD.id);
END;
CREATE TRIGGER location_counts_complex_after_update
  AFTER UPDATE OF is_published, region_id, locality_id, city_area_id, district_id, mo_district_id, highway_id,
    railway_id ON residential_complexes WHEN NEW.is_published = 1
BEGIN
  INSERT INTO location_counts (kind, location_id, complexes)
    SELECT kind, location_id, 1 FROM complex_locations WHERE complex_id = NEW.id
    ON CONFLICT (kind, location_id) DO UPDATE SET complexes = complexes + 1;
END;
CREATE TRIGGER location_counts_complex_delete BEFORE DELETE ON residential_complexes WHEN OLD.is_published = 1
BEGIN
  UPDATE location_counts SET complexes = complexes - 1
    WHERE (kind, location_id) IN (SELECT kind, location_id FROM complex_locations WHERE complex_id = OLD.id);
END;
CREATE TRIGGER location_counts_station_insert AFTER INSERT ON complex_stations
  WHEN (SELECT is_published FROM residential_complexes WHERE id = NEW.complex_id) = 1
BEGIN
  INSERT INTO location_counts (kind, location_id, complexes) VALUES ('subways', NEW.station_id, 1)
    ON CONFLICT (kind, location_id) DO UPDATE SET complexes = complexes + 1;
END;
CREATE TRIGGER location_counts_station_delete AFTER DELETE ON complex_stations
  WHEN (SELECT is_published FROM residential_complexes WHERE id = OLD.complex_id) = 1
BEGIN
  UPDATE location_counts SET complexes = complexes - 1 WHERE kind = 'subways' AND location_id = OLD.station_id;
END;
CREATE TRIGGER location_counts_station_update_out BEFORE UPDATE OF complex_id, station_id ON complex_stations
  WHEN (SELECT is_published FROM residential_complexes WHERE id = OLD.complex_id) = 1
BEGIN
  UPDATE location_counts SET complexes = complexes - 1 WHERE kind = 'subways' AND location_id = OLD.station_id;
END;
CREATE TRIGGER location_counts_station_update_in AFTER UPDATE OF complex_id, station_id ON complex_stations
  WHEN (SELECT is_published FROM residential_complexes WHERE id = NEW.complex_id) = 1
BEGIN
  INSERT INTO location_counts (kind, location_id, complexes) VALUES ('subways', NEW.station_id, 1)
    ON CONFLICT (kind, location_id) DO UPDATE SET complexes = complexes + 1;
END;

-- Construction progress (issue 31): each house's monthly report — the stage of the works, its readiness and a
-- dated progress photo where the developer published one (the feed's <construction-progress>; the seed's history).
-- The deadlines declared for a house are its change events of kind 'deadline' (migration 0018) after its first
-- promise (the 'sales_start' event, or the first move's old value); nothing more is kept for them here.
CREATE TABLE house_progress (
  house_id INTEGER NOT NULL REFERENCES houses (id),
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  stage INTEGER NOT NULL CHECK (stage BETWEEN 1 AND 4),
  readiness INTEGER NOT NULL CHECK (readiness BETWEEN 0 AND 100),
  photo_url TEXT,
  photo_date TEXT,
  PRIMARY KEY (house_id, month)
) WITHOUT ROWID;

-- Kept from the reports, the events and shared/construction/risk.ts by worker/db/queries/construction.ts
-- (refreshConstruction: the seed writes them, the feed import and the hourly schedule recompute them):
-- a house's latest readiness (NULL: not known), how many times its deadline moved, its delivery risk
-- (0 низкий, 1 средний, 2 высокий; NULL for a finished house).
ALTER TABLE houses ADD COLUMN readiness INTEGER;
ALTER TABLE houses ADD COLUMN deadline_moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE houses ADD COLUMN delivery_risk INTEGER;
-- A complex's: the readiness of its least ready house still being built (100 once all are finished; what the
-- catalogue's «Сначала самые готовые» sorts by), the highest risk of its houses (NULL: all finished), and the
-- filters' bits: 1 no house's deadline ever moved («Без переносов срока»), 2 every house being built has a low
-- risk («Риск переноса: низкий»; a finished complex has it).
ALTER TABLE residential_complexes ADD COLUMN readiness INTEGER NOT NULL DEFAULT 0;
ALTER TABLE residential_complexes ADD COLUMN delivery_risk INTEGER;
ALTER TABLE residential_complexes ADD COLUMN construction_mask INTEGER NOT NULL DEFAULT 0;
UPDATE houses SET deadline_moves =
  (SELECT count(*) FROM change_events e WHERE e.house_id = houses.id AND e.kind = 'deadline');
UPDATE residential_complexes SET readiness = CASE is_finished WHEN 1 THEN 100 ELSE 0 END,
  construction_mask = CASE WHEN EXISTS (SELECT 1 FROM houses h WHERE h.complex_id = residential_complexes.id
    AND h.deadline_moves > 0) THEN 0 ELSE 1 END | CASE is_finished WHEN 1 THEN 2 ELSE 0 END;

-- The catalogue's sort indexes (migration 0015) carry the new bits after the columns they had, so a count with
-- either filter still reads one covering index; the readiness sort has its own.
DROP INDEX rc_price;
CREATE INDEX rc_price ON residential_complexes (is_published, min_price, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year, construction_mask);
DROP INDEX rc_price_m2;
CREATE INDEX rc_price_m2 ON residential_complexes (is_published, min_price_m2, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year, construction_mask);
DROP INDEX rc_area;
CREATE INDEX rc_area ON residential_complexes (is_published, max_area, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year, construction_mask);
DROP INDEX rc_newest;
CREATE INDEX rc_newest ON residential_complexes (is_published, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year, construction_mask);
DROP INDEX rc_deadline_soon;
CREATE INDEX rc_deadline_soon ON residential_complexes (is_published, deadline_year, deadline_quarter, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, construction_mask);
DROP INDEX rc_station_rank;
CREATE INDEX rc_station_rank ON residential_complexes (is_published, station_rank, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id, developer_id,
  class, build_stage, build_type, parking_mask, is_finished, deadline_year, construction_mask);
CREATE INDEX rc_readiness ON residential_complexes (is_published, readiness, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year, construction_mask);

-- A moved deadline counts at once, whoever moves it (the feed import, an operator): the house's moves and the
-- complex's «Без переносов срока» bit follow the event the deadline trigger of migration 0018 writes. The
-- seed's bulk load (capture paused) writes the counts itself.
CREATE TRIGGER change_events_deadline_moves AFTER INSERT ON change_events
  WHEN NEW.kind = 'deadline' AND NEW.house_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  UPDATE houses SET deadline_moves = deadline_moves + 1 WHERE id = NEW.house_id;
  UPDATE residential_complexes SET construction_mask = construction_mask & ~1 WHERE id = NEW.complex_id;
END;

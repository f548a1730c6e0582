-- Facets of each complex's apartments on sale, so that a count or a page of the catalogue tests a complex by
-- a few bits of its row instead of looking through its apartments (README, «Counts at any scale»).
--
-- facet_buckets: the price (₽) and area (m²) scales cut into buckets (lo, hi], one bit each (bit 0 is the lowest
-- bucket): fine ones for a complex's prices and areas, and nine coarse ones for the prices and areas of each room
-- type. A range filter answers from the buckets wholly inside it; a complex whose only matching bucket is at the
-- range's edge is checked against its apartments.
CREATE TABLE facet_buckets (
  facet TEXT NOT NULL CHECK (facet IN ('price', 'area', 'price_coarse', 'area_coarse')),
  lo REAL NOT NULL,
  hi REAL NOT NULL,
  bit INTEGER NOT NULL CHECK (bit BETWEEN 0 AND 62),
  PRIMARY KEY (facet, lo)
) WITHOUT ROWID;
WITH edges (facet, lo) AS (VALUES
  ('price', -1e18), ('price', 1000000), ('price', 1500000), ('price', 2000000), ('price', 2500000), ('price', 3000000),
  ('price', 3500000), ('price', 4000000), ('price', 4500000), ('price', 5000000), ('price', 5500000), ('price', 6000000),
  ('price', 6500000), ('price', 7000000), ('price', 7500000), ('price', 8000000), ('price', 8500000), ('price', 9000000),
  ('price', 9500000), ('price', 10000000), ('price', 10500000), ('price', 11000000), ('price', 11500000), ('price', 12000000),
  ('price', 12500000), ('price', 13000000), ('price', 13500000), ('price', 14000000), ('price', 14500000), ('price', 15000000),
  ('price', 15500000), ('price', 16000000), ('price', 16500000), ('price', 17000000), ('price', 17500000), ('price', 18000000),
  ('price', 18500000), ('price', 19000000), ('price', 19500000), ('price', 20000000), ('price', 21000000), ('price', 22000000),
  ('price', 23000000), ('price', 24000000), ('price', 25000000), ('price', 26000000), ('price', 27000000), ('price', 28000000),
  ('price', 29000000), ('price', 30000000), ('price', 35000000), ('price', 40000000), ('price', 45000000), ('price', 50000000),
  ('price', 60000000), ('price', 80000000), ('price', 100000000), ('price', 150000000), ('price', 200000000), ('price', 300000000),
  ('price', 500000000),
  ('area', -1e18), ('area', 20), ('area', 22), ('area', 24), ('area', 26), ('area', 28), ('area', 30), ('area', 32), ('area', 34),
  ('area', 36), ('area', 38), ('area', 40), ('area', 42), ('area', 44), ('area', 46), ('area', 48), ('area', 50), ('area', 52),
  ('area', 54), ('area', 56), ('area', 58), ('area', 60), ('area', 62), ('area', 64), ('area', 66), ('area', 68), ('area', 70),
  ('area', 72), ('area', 74), ('area', 76), ('area', 78), ('area', 80), ('area', 82), ('area', 84), ('area', 86), ('area', 88),
  ('area', 90), ('area', 92), ('area', 94), ('area', 96), ('area', 98), ('area', 100), ('area', 105), ('area', 110), ('area', 115),
  ('area', 120), ('area', 125), ('area', 130), ('area', 135), ('area', 140), ('area', 145), ('area', 150), ('area', 175), ('area', 200),
  ('area', 250), ('area', 300), ('area', 400),
  ('price_coarse', -1e18), ('price_coarse', 5000000), ('price_coarse', 7000000), ('price_coarse', 8000000),
  ('price_coarse', 10000000), ('price_coarse', 12000000), ('price_coarse', 15000000), ('price_coarse', 20000000),
  ('price_coarse', 30000000),
  ('area_coarse', -1e18), ('area_coarse', 30), ('area_coarse', 40), ('area_coarse', 50), ('area_coarse', 60), ('area_coarse', 70),
  ('area_coarse', 80), ('area_coarse', 100), ('area_coarse', 130)
)
INSERT INTO facet_buckets (facet, lo, hi, bit)
SELECT facet, lo, lead(lo, 1, 1e18) OVER win, row_number() OVER win - 1 FROM edges
WINDOW win AS (PARTITION BY facet ORDER BY lo);

-- On each complex, of its apartments on sale: room_finish_mask has bit (rooms + 1) * 8 + otdelka for every
-- room type (-1…5) and finishing (0…7) found together; price_mask and area_mask the bits of their buckets;
-- room_price_mask and room_area_mask bit (rooms + 1) * 9 + the coarse bucket of each room type's prices and areas;
-- finish_price_mask bit otdelka * 9 + the coarse bucket of each finishing's (0…6) prices.
-- Kept by refreshAggregates (worker/db/queries/aggregates.ts) with the other aggregates; the same expressions
-- fill them here.
ALTER TABLE residential_complexes ADD COLUMN room_finish_mask INTEGER NOT NULL DEFAULT 0;
ALTER TABLE residential_complexes ADD COLUMN price_mask INTEGER NOT NULL DEFAULT 0;
ALTER TABLE residential_complexes ADD COLUMN area_mask INTEGER NOT NULL DEFAULT 0;
ALTER TABLE residential_complexes ADD COLUMN room_price_mask INTEGER NOT NULL DEFAULT 0;
ALTER TABLE residential_complexes ADD COLUMN room_area_mask INTEGER NOT NULL DEFAULT 0;
ALTER TABLE residential_complexes ADD COLUMN finish_price_mask INTEGER NOT NULL DEFAULT 0;
UPDATE residential_complexes SET
  room_finish_mask = (SELECT coalesce(sum(DISTINCT 1 << ((lo.rooms + 1) * 8 + lo.otdelka)), 0)
    FROM living_objects lo WHERE lo.complex_id = residential_complexes.id AND lo.status = 1),
  price_mask = (SELECT coalesce(sum(DISTINCT 1 << (SELECT b.bit FROM facet_buckets b
      WHERE b.facet = 'price' AND b.lo < lo.price ORDER BY b.lo DESC LIMIT 1)), 0)
    FROM living_objects lo WHERE lo.complex_id = residential_complexes.id AND lo.status = 1),
  area_mask = (SELECT coalesce(sum(DISTINCT 1 << (SELECT b.bit FROM facet_buckets b
      WHERE b.facet = 'area' AND b.lo < lo.area_total ORDER BY b.lo DESC LIMIT 1)), 0)
    FROM living_objects lo WHERE lo.complex_id = residential_complexes.id AND lo.status = 1),
  room_price_mask = (SELECT coalesce(sum(DISTINCT 1 << ((lo.rooms + 1) * 9 + (SELECT b.bit FROM facet_buckets b
      WHERE b.facet = 'price_coarse' AND b.lo < lo.price ORDER BY b.lo DESC LIMIT 1))), 0)
    FROM living_objects lo WHERE lo.complex_id = residential_complexes.id AND lo.status = 1),
  room_area_mask = (SELECT coalesce(sum(DISTINCT 1 << ((lo.rooms + 1) * 9 + (SELECT b.bit FROM facet_buckets b
      WHERE b.facet = 'area_coarse' AND b.lo < lo.area_total ORDER BY b.lo DESC LIMIT 1))), 0)
    FROM living_objects lo WHERE lo.complex_id = residential_complexes.id AND lo.status = 1),
  finish_price_mask = (SELECT coalesce(sum(DISTINCT 1 << (lo.otdelka * 9 + (SELECT b.bit FROM facet_buckets b
      WHERE b.facet = 'price_coarse' AND b.lo < lo.price ORDER BY b.lo DESC LIMIT 1))), 0)
    FROM living_objects lo WHERE lo.complex_id = residential_complexes.id AND lo.status = 1);

-- near_mask: bit 1 metro, 2 МЦК, 4 МЦД for each kind of station within 15 minutes on foot (the listings «у метро»,
-- «у МЦК»), kept by the triggers below whatever writes complex_stations, as station_rank is (migration 0014).
CREATE VIEW complex_near AS
  SELECT cs.complex_id, sum(DISTINCT CASE s.kind WHEN 'metro' THEN 1 WHEN 'mcc' THEN 2 ELSE 4 END) AS mask
  FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id
  WHERE cs.distance_type = 1 AND cs.minutes <= 15
  GROUP BY cs.complex_id;
ALTER TABLE residential_complexes ADD COLUMN near_mask INTEGER NOT NULL DEFAULT 0;
UPDATE residential_complexes SET near_mask =
  coalesce((SELECT mask FROM complex_near WHERE complex_id = residential_complexes.id), 0);
CREATE TRIGGER complex_stations_near_insert AFTER INSERT ON complex_stations BEGIN
  UPDATE residential_complexes SET near_mask = coalesce((SELECT mask FROM complex_near WHERE complex_id = NEW.complex_id), 0)
  WHERE id = NEW.complex_id;
END;
CREATE TRIGGER complex_stations_near_update AFTER UPDATE ON complex_stations BEGIN
  UPDATE residential_complexes SET near_mask =
    coalesce((SELECT mask FROM complex_near WHERE complex_id = residential_complexes.id), 0)
  WHERE id IN (OLD.complex_id, NEW.complex_id);
END;
CREATE TRIGGER complex_stations_near_delete AFTER DELETE ON complex_stations BEGIN
  UPDATE residential_complexes SET near_mask = coalesce((SELECT mask FROM complex_near WHERE complex_id = OLD.complex_id), 0)
  WHERE id = OLD.complex_id;
END;

-- The catalogue's sort indexes (migrations 0006, 0014) carry every column a filter tests after their own and the
-- id that settles a tie, so a page walks one index in its order testing each complex on the index entry and
-- reads a row only for the complexes it shows; a count reads one of them alone (each covers it), never a row.
DROP INDEX rc_price;
DROP INDEX rc_price_m2;
DROP INDEX rc_deadline_soon;
DROP INDEX rc_area;
DROP INDEX rc_newest;
DROP INDEX rc_station_rank;
CREATE INDEX rc_price ON residential_complexes (is_published, min_price, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year);
CREATE INDEX rc_price_m2 ON residential_complexes (is_published, min_price_m2, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year);
CREATE INDEX rc_deadline_soon ON residential_complexes (is_published, deadline_year, deadline_quarter, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished);
CREATE INDEX rc_area ON residential_complexes (is_published, max_area, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year);
CREATE INDEX rc_newest ON residential_complexes (is_published, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  station_rank, region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id,
  developer_id, class, build_stage, build_type, parking_mask, is_finished, deadline_year);
CREATE INDEX rc_station_rank ON residential_complexes (is_published, station_rank, id,
  room_finish_mask, price_mask, area_mask, room_price_mask, room_area_mask, finish_price_mask, near_mask,
  region_id, locality_id, district_id, city_area_id, mo_district_id, highway_id, railway_id, developer_id,
  class, build_stage, build_type, parking_mask, is_finished, deadline_year);

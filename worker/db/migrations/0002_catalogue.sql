-- Geography: regions, Moscow okrugs (city areas) and districts, Moscow-region municipal districts, localities,
-- metro/МЦК/МЦД lines and stations, highways, railway directions and their stations.
CREATE TABLE regions (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_in TEXT NOT NULL,
  sort INTEGER NOT NULL
);

CREATE TABLE city_areas (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  abbrev TEXT NOT NULL,
  region_id INTEGER NOT NULL REFERENCES regions (id),
  lat REAL NOT NULL,
  lng REAL NOT NULL
);

CREATE TABLE districts (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  city_area_id INTEGER NOT NULL REFERENCES city_areas (id),
  lat REAL NOT NULL,
  lng REAL NOT NULL
);

CREATE TABLE mo_districts (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  centre TEXT NOT NULL
);

CREATE TABLE localities (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  region_id INTEGER NOT NULL REFERENCES regions (id),
  mo_district_id INTEGER REFERENCES mo_districts (id),
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  population INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX localities_region ON localities (region_id, name);

CREATE TABLE lines (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('metro', 'mcc', 'mcd')),
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  sort INTEGER NOT NULL
);

-- One row per station name within its kind; a transfer station keeps all its lines in station_lines.
CREATE TABLE subway_stations (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('metro', 'mcc', 'mcd')),
  line_id INTEGER NOT NULL REFERENCES lines (id),
  locality_id INTEGER REFERENCES localities (id),
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  UNIQUE (kind, slug)
);
CREATE INDEX subway_stations_locality ON subway_stations (locality_id, name);

CREATE TABLE station_lines (
  station_id INTEGER NOT NULL REFERENCES subway_stations (id),
  line_id INTEGER NOT NULL REFERENCES lines (id),
  position INTEGER NOT NULL,
  PRIMARY KEY (line_id, position)
) WITHOUT ROWID;
CREATE INDEX station_lines_station ON station_lines (station_id);

CREATE TABLE highways (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  path TEXT NOT NULL
);

CREATE TABLE railways (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  terminal TEXT NOT NULL
);

CREATE TABLE railway_stations (
  id INTEGER PRIMARY KEY,
  railway_id INTEGER NOT NULL REFERENCES railways (id),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  UNIQUE (railway_id, slug)
);

-- Companies: developers and agencies.
CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('developer', 'agency')),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  founded_year INTEGER NOT NULL,
  site TEXT NOT NULL,
  phone TEXT NOT NULL,
  inn TEXT NOT NULL,
  color TEXT NOT NULL,
  complexes_total INTEGER NOT NULL DEFAULT 0,
  complexes_building INTEGER NOT NULL DEFAULT 0,
  complexes_finished INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX companies_type_name ON companies (type, name);

-- Residential complexes. Codes: class 1 эконом … 5 элит; build_type 1 монолит, 2 панель, 3 кирпич,
-- 4 кирпич-монолит, 5 монолит-каркас; build_stage 1 старт продаж, 2 строится, 3 сдан; otdelka (bit per code)
-- 1 предчистовая, 2 без отделки, 3 чистовая, 4 с мебелью; parking (bit per code) 1 подземный, 2 наземный,
-- 3 многоуровневый. Prices, areas and counts are aggregates of the apartments on sale, kept by the writers.
CREATE TABLE residential_complexes (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  developer_id INTEGER NOT NULL REFERENCES companies (id),
  region_id INTEGER NOT NULL REFERENCES regions (id),
  locality_id INTEGER NOT NULL REFERENCES localities (id),
  city_area_id INTEGER REFERENCES city_areas (id),
  district_id INTEGER REFERENCES districts (id),
  mo_district_id INTEGER REFERENCES mo_districts (id),
  highway_id INTEGER REFERENCES highways (id),
  railway_id INTEGER REFERENCES railways (id),
  address TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  class INTEGER NOT NULL,
  build_type INTEGER NOT NULL,
  build_stage INTEGER NOT NULL,
  deadline_year INTEGER NOT NULL,
  deadline_quarter INTEGER NOT NULL,
  is_finished INTEGER NOT NULL,
  otdelka_mask INTEGER NOT NULL,
  parking_mask INTEGER NOT NULL,
  ceiling_height REAL NOT NULL,
  floors_min INTEGER NOT NULL,
  floors_max INTEGER NOT NULL,
  description TEXT NOT NULL,
  min_price INTEGER NOT NULL,
  max_price INTEGER NOT NULL,
  min_area REAL NOT NULL,
  max_area REAL NOT NULL,
  min_price_m2 INTEGER NOT NULL,
  max_price_m2 INTEGER NOT NULL,
  apartments_on_sale INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  is_published INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX rc_price ON residential_complexes (is_published, min_price);
CREATE INDEX rc_region_price ON residential_complexes (region_id, min_price);
CREATE INDEX rc_locality ON residential_complexes (locality_id, min_price);
CREATE INDEX rc_district ON residential_complexes (district_id, min_price);
CREATE INDEX rc_city_area ON residential_complexes (city_area_id, min_price);
CREATE INDEX rc_mo_district ON residential_complexes (mo_district_id, min_price);
CREATE INDEX rc_highway ON residential_complexes (highway_id, min_price);
CREATE INDEX rc_railway ON residential_complexes (railway_id, min_price);
CREATE INDEX rc_developer ON residential_complexes (developer_id, min_price);
CREATE INDEX rc_deadline ON residential_complexes (deadline_year, min_price);
CREATE INDEX rc_class ON residential_complexes (class, min_price);

CREATE TABLE complex_stations (
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  station_id INTEGER NOT NULL REFERENCES subway_stations (id),
  distance_type INTEGER NOT NULL CHECK (distance_type IN (1, 2)),
  minutes INTEGER NOT NULL,
  PRIMARY KEY (complex_id, station_id)
) WITHOUT ROWID;
CREATE INDEX complex_stations_station ON complex_stations (station_id, distance_type, minutes, complex_id);
CREATE INDEX complex_stations_distance ON complex_stations (distance_type, minutes, complex_id);

CREATE TABLE houses (
  id INTEGER PRIMARY KEY,
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  name TEXT NOT NULL,
  floors INTEGER NOT NULL,
  sections INTEGER NOT NULL,
  per_floor INTEGER NOT NULL,
  build_stage INTEGER NOT NULL,
  deadline_year INTEGER NOT NULL,
  deadline_quarter INTEGER NOT NULL,
  is_finished INTEGER NOT NULL
);
CREATE INDEX houses_complex ON houses (complex_id);

-- Apartments. rooms: -1 свободная планировка, 0 студия, 1–5 (5 = 5 и более); status 1 в продаже, 2 бронь,
-- 3 продана. plan: JSON of the rooms' rectangles for drawing the floor plan.
CREATE TABLE living_objects (
  id INTEGER PRIMARY KEY,
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  house_id INTEGER NOT NULL REFERENCES houses (id),
  section INTEGER NOT NULL,
  floor INTEGER NOT NULL,
  position INTEGER NOT NULL,
  number INTEGER NOT NULL,
  rooms INTEGER NOT NULL,
  area_total REAL NOT NULL,
  area_living REAL NOT NULL,
  area_kitchen REAL NOT NULL,
  price INTEGER NOT NULL,
  price_m2 INTEGER NOT NULL,
  otdelka INTEGER NOT NULL,
  status INTEGER NOT NULL,
  plan TEXT NOT NULL
);
CREATE INDEX lo_complex ON living_objects (complex_id, status, rooms, price);
CREATE INDEX lo_house ON living_objects (house_id, floor, position);
CREATE INDEX lo_sale_price ON living_objects (status, price);
CREATE INDEX lo_sale_rooms ON living_objects (status, rooms, price);

-- Per complex and room type, the apartments on sale: what the listing filters and cards read.
CREATE TABLE room_stats (
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  rooms INTEGER NOT NULL,
  count INTEGER NOT NULL,
  min_price INTEGER NOT NULL,
  max_price INTEGER NOT NULL,
  min_area REAL NOT NULL,
  max_area REAL NOT NULL,
  min_price_m2 INTEGER NOT NULL,
  max_price_m2 INTEGER NOT NULL,
  otdelka_mask INTEGER NOT NULL,
  PRIMARY KEY (complex_id, rooms)
) WITHOUT ROWID;
CREATE INDEX room_stats_rooms ON room_stats (rooms, min_price, max_price);

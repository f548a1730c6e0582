-- Developers' YRL feeds (worker/feeds): registered feeds with their conditional-request validators, the record
-- of every import run, a staging area for the run being parsed, and the price history of apartments.
CREATE TABLE feeds (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  developer_id INTEGER REFERENCES companies (id),
  etag TEXT,
  last_modified TEXT,
  checked_at TEXT,
  created_at TEXT NOT NULL
);

-- status: running, ok, failed. errors: JSON [{ id, line, reason, skipped }] (the first 1000 issues);
-- message: why a failed run failed.
CREATE TABLE import_runs (
  id INTEGER PRIMARY KEY,
  feed_id INTEGER NOT NULL REFERENCES feeds (id),
  status TEXT NOT NULL CHECK (status IN ('running', 'ok', 'failed')),
  started_at TEXT NOT NULL,
  finished_at TEXT,
  offers INTEGER NOT NULL DEFAULT 0,
  added INTEGER NOT NULL DEFAULT 0,
  updated INTEGER NOT NULL DEFAULT 0,
  sold INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  warnings INTEGER NOT NULL DEFAULT 0,
  errors TEXT NOT NULL DEFAULT '[]',
  message TEXT
);
CREATE INDEX import_runs_feed ON import_runs (feed_id, id DESC);

-- The offers of a run while its feed is read; the catalogue is written only once the whole file has parsed.
-- house_key is NULL for a rejected offer: it is in the feed (so not sold) but not imported.
CREATE TABLE feed_staging (
  run_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  line INTEGER NOT NULL,
  external_id TEXT NOT NULL,
  house_key TEXT,
  complex_id INTEGER,
  house_id INTEGER,
  floor INTEGER,
  rooms INTEGER,
  area_total REAL,
  area_living REAL,
  area_kitchen REAL,
  price INTEGER,
  price_m2 INTEGER,
  otdelka INTEGER,
  plan TEXT,
  plan_image TEXT,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
CREATE INDEX feed_staging_external ON feed_staging (run_id, external_id);
CREATE INDEX feed_staging_house ON feed_staging (run_id, house_key);

-- Where imported rows come from: a complex by developer + yandex-building-id or name, a house by complex +
-- yandex-house-id or section, an apartment by feed + internal-id. The seed's rows have NULLs here.
ALTER TABLE residential_complexes ADD COLUMN feed_key TEXT;
CREATE UNIQUE INDEX rc_feed_key ON residential_complexes (developer_id, feed_key);
ALTER TABLE houses ADD COLUMN feed_key TEXT;
CREATE UNIQUE INDEX houses_feed_key ON houses (complex_id, feed_key);
ALTER TABLE living_objects ADD COLUMN feed_id INTEGER REFERENCES feeds (id);
ALTER TABLE living_objects ADD COLUMN external_id TEXT;
ALTER TABLE living_objects ADD COLUMN plan_image TEXT;
CREATE UNIQUE INDEX lo_feed_external ON living_objects (feed_id, external_id);

-- Every price an imported apartment has had, the first one included.
CREATE TABLE living_object_prices (
  id INTEGER PRIMARY KEY,
  living_object_id INTEGER NOT NULL REFERENCES living_objects (id),
  price INTEGER NOT NULL,
  recorded_at TEXT NOT NULL
);
CREATE INDEX living_object_prices_object ON living_object_prices (living_object_id, id);

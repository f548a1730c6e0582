/**
 * Developers' feeds: the registry, import runs, the staging area of a run and the writes of its offers into
 * the catalogue (companies, complexes, houses, stations, living objects, price history).
 */

export interface FeedRow {
  id: number;
  url: string;
  developer_id: number | null;
  etag: string | null;
  last_modified: string | null;
}

/** The feed of an address, registered on first sight. */
export function ensureFeed(db: D1Database, url: string, now: string): Promise<FeedRow | null> {
  return db
    .prepare(
      `INSERT INTO feeds (url, created_at) VALUES (?1, ?2) ON CONFLICT (url) DO UPDATE SET url = excluded.url
       RETURNING id, url, developer_id, etag, last_modified`,
    )
    .bind(url, now)
    .first<FeedRow>();
}

/** Feeds the scheduled import pulls: those with a web address. */
export async function listPullableFeeds(db: D1Database): Promise<FeedRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, url, developer_id, etag, last_modified FROM feeds
       WHERE url LIKE 'https://%' OR url LIKE 'http://%' ORDER BY id`,
    )
    .all<FeedRow>();
  return results;
}

/** After a pull: when it was checked and, after a good import, the validators of what was imported. */
export function markFeedChecked(
  db: D1Database,
  id: number,
  now: string,
  validators?: { etag: string | null; lastModified: string | null },
) {
  return validators
    ? db
        .prepare("UPDATE feeds SET checked_at = ?2, etag = ?3, last_modified = ?4 WHERE id = ?1")
        .bind(id, now, validators.etag, validators.lastModified)
        .run()
    : db.prepare("UPDATE feeds SET checked_at = ?2 WHERE id = ?1").bind(id, now).run();
}

export interface FeedListRow {
  id: number;
  url: string;
  developer: string | null;
  checked_at: string | null;
  etag: string | null;
  last_modified: string | null;
}

export async function listFeeds(db: D1Database): Promise<FeedListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT f.id, f.url, c.name AS developer, f.checked_at, f.etag, f.last_modified
       FROM feeds f LEFT JOIN companies c ON c.id = f.developer_id ORDER BY f.id`,
    )
    .all<FeedListRow>();
  return results;
}

// Import runs.

export interface RunCounts {
  offers: number;
  added: number;
  updated: number;
  sold: number;
  rejected: number;
  warnings: number;
}

export interface RunRow extends RunCounts {
  id: number;
  feed_id: number;
  url: string;
  status: "running" | "ok" | "failed";
  started_at: string;
  finished_at: string | null;
  message: string | null;
  errors: string;
  groups: string;
}

/**
 * Opens a run. Runs of the feed left «running» (the worker was stopped mid-way) are closed as interrupted and
 * their staging rows dropped: the catalogue was written only by statements that completed.
 */
export async function startRun(db: D1Database, feedId: number, now: string): Promise<number> {
  const [, , inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `DELETE FROM feed_staging WHERE run_id IN (SELECT id FROM import_runs WHERE feed_id = ?1 AND status = 'running')`,
      )
      .bind(feedId),
    db
      .prepare(
        `UPDATE import_runs SET status = 'failed', finished_at = ?2, message = 'Импорт прерван и не завершён'
         WHERE feed_id = ?1 AND status = 'running'`,
      )
      .bind(feedId, now),
    db
      .prepare(
        "INSERT INTO import_runs (feed_id, status, started_at) VALUES (?1, 'running', ?2) RETURNING id",
      )
      .bind(feedId, now),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error("import_runs: no id returned");
  return id;
}

export function finishRun(
  db: D1Database,
  runId: number,
  outcome: RunCounts & {
    status: "ok" | "failed";
    finishedAt: string;
    errors: string;
    groups: string;
    message: string | null;
  },
) {
  return db.batch([
    db.prepare("DELETE FROM feed_staging WHERE run_id = ?1").bind(runId),
    db
      .prepare(
        `UPDATE import_runs SET status = ?2, finished_at = ?3, offers = ?4, added = ?5, updated = ?6, sold = ?7,
           rejected = ?8, warnings = ?9, errors = ?10, message = ?11, groups = ?12
         WHERE id = ?1`,
      )
      .bind(
        runId,
        outcome.status,
        outcome.finishedAt,
        outcome.offers,
        outcome.added,
        outcome.updated,
        outcome.sold,
        outcome.rejected,
        outcome.warnings,
        outcome.errors,
        outcome.message,
        outcome.groups,
      ),
  ]);
}

/** A run that failed before any offer was read (the feed could not be fetched). */
export function insertFailedRun(db: D1Database, feedId: number, now: string, message: string) {
  return db
    .prepare(
      `INSERT INTO import_runs (feed_id, status, started_at, finished_at, message) VALUES (?1, 'failed', ?2, ?2, ?3)`,
    )
    .bind(feedId, now, message)
    .run();
}

const RUN_COLUMNS = `r.id, r.feed_id, f.url, r.status, r.started_at, r.finished_at, r.offers, r.added, r.updated,
  r.sold, r.rejected, r.warnings, r.message`;

/** The latest runs, without their lists of issues. */
export async function listRuns(db: D1Database, limit: number): Promise<Omit<RunRow, "errors" | "groups">[]> {
  const { results } = await db
    .prepare(
      `SELECT ${RUN_COLUMNS} FROM import_runs r JOIN feeds f ON f.id = r.feed_id ORDER BY r.id DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<Omit<RunRow, "errors" | "groups">>();
  return results;
}

export function getRun(db: D1Database, id: number): Promise<RunRow | null> {
  return db
    .prepare(
      `SELECT ${RUN_COLUMNS}, r.errors, r.groups FROM import_runs r JOIN feeds f ON f.id = r.feed_id WHERE r.id = ?1`,
    )
    .bind(id)
    .first<RunRow>();
}

// What offers are matched against: our geography and developers.

export interface LocalityRow {
  id: number;
  name: string;
  region_id: number;
  mo_district_id: number | null;
  lat: number;
  lng: number;
}

export interface DistrictRow {
  id: number;
  city_area_id: number;
  region_id: number;
  lat: number;
  lng: number;
}

export interface NamedRow {
  id: number;
  name: string;
}

export interface StationRow extends NamedRow {
  kind: "metro" | "mcc" | "mcd";
  lat: number;
  lng: number;
}

export async function loadMatchingData(db: D1Database) {
  const [localities, districts, stations, developers] = await db.batch([
    db.prepare("SELECT id, name, region_id, mo_district_id, lat, lng FROM localities ORDER BY id"),
    db.prepare(
      "SELECT d.id, d.city_area_id, ca.region_id, d.lat, d.lng FROM districts d JOIN city_areas ca ON ca.id = d.city_area_id",
    ),
    // A name on several kinds of line is the metro station first, then МЦК, then МЦД.
    db.prepare(
      "SELECT id, name, kind, lat, lng FROM subway_stations ORDER BY CASE kind WHEN 'metro' THEN 0 WHEN 'mcc' THEN 1 ELSE 2 END, id",
    ),
    db.prepare("SELECT id, name FROM companies WHERE type = 'developer' ORDER BY id"),
  ]);
  return {
    localities: (localities?.results ?? []) as LocalityRow[],
    districts: (districts?.results ?? []) as DistrictRow[],
    stations: (stations?.results ?? []) as StationRow[],
    developers: (developers?.results ?? []) as NamedRow[],
  };
}

// The staging area of a run.

/** One offer as staged: `house` is null for a rejected offer (in the feed, not imported). */
export interface StagedOffer {
  seq: number;
  line: number;
  id: string;
  house: string | null;
  floor?: number;
  rooms?: number;
  total?: number;
  living?: number;
  kitchen?: number;
  price?: number;
  m2?: number;
  otdelka?: number;
  plan?: string;
  image?: string | null;
}

/** Stages many offers with one statement: they travel as one parameter, a JSON array of StagedOffer. */
export function stageOffers(db: D1Database, runId: number, offersJson: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO feed_staging (run_id, seq, line, external_id, house_key, floor, rooms, area_total, area_living,
         area_kitchen, price, price_m2, otdelka, plan, plan_image)
       SELECT ?1, o ->> 'seq', o ->> 'line', o ->> 'id', o ->> 'house', o ->> 'floor', o ->> 'rooms', o ->> 'total',
         o ->> 'living', o ->> 'kitchen', o ->> 'price', o ->> 'm2', o ->> 'otdelka', o ->> 'plan', o ->> 'image'
       FROM (SELECT value AS o FROM json_each(?2))`,
    )
    .bind(runId, offersJson);
}

/** Offers whose internal-id came again: the first one stays, the others are reported and dropped. */
export async function dropRepeatedOffers(
  db: D1Database,
  runId: number,
): Promise<{ external_id: string; line: number }[]> {
  const [repeated] = await db.batch<{ external_id: string; line: number }>([
    db
      .prepare(
        `SELECT s.external_id, s.line FROM feed_staging s
         WHERE s.run_id = ?1 AND EXISTS (SELECT 1 FROM feed_staging t
           WHERE t.run_id = ?1 AND t.external_id = s.external_id AND t.seq < s.seq)
         ORDER BY s.seq`,
      )
      .bind(runId),
    db
      .prepare(
        `DELETE FROM feed_staging WHERE run_id = ?1
           AND seq NOT IN (SELECT min(seq) FROM feed_staging WHERE run_id = ?1 GROUP BY external_id)`,
      )
      .bind(runId),
  ]);
  return repeated?.results ?? [];
}

export async function stagedSeqRange(db: D1Database, runId: number): Promise<{ from: number; to: number }> {
  const row = await db
    .prepare(
      "SELECT coalesce(min(seq), 0) AS from_seq, coalesce(max(seq), -1) AS to_seq FROM feed_staging WHERE run_id = ?1",
    )
    .bind(runId)
    .first<{ from_seq: number; to_seq: number }>();
  return { from: row?.from_seq ?? 0, to: row?.to_seq ?? -1 };
}

// The catalogue.

export interface NewDeveloper {
  name: string;
  slugBase: string;
  description: string;
  foundedYear: number;
  site: string;
  phone: string;
  color: string;
  searchName: string;
}

/** A developer met in a feed for the first time; its slug ends with its id, like the seed's. */
export async function insertDeveloper(db: D1Database, d: NewDeveloper): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO companies (slug, type, name, description, founded_year, site, phone, inn, color)
         VALUES ('', 'developer', ?1, ?2, ?3, ?4, ?5, '', ?6) RETURNING id`,
      )
      .bind(d.name, d.description, d.foundedYear, d.site, d.phone, d.color),
    db.prepare("UPDATE companies SET slug = ?1 || '-' || id WHERE id = last_insert_rowid()").bind(d.slugBase),
    db
      .prepare(
        "INSERT INTO search_entities (name, kind, entity_id, extra) VALUES (?1, 'developer', last_insert_rowid(), ?2)",
      )
      .bind(d.searchName, d.name),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error("companies: no id returned");
  return id;
}

export interface ComplexDraftRow {
  developerId: number;
  feedKey: string;
  name: string;
  regionId: number;
  localityId: number;
  cityAreaId: number | null;
  districtId: number | null;
  moDistrictId: number | null;
  address: string;
  lat: number;
  lng: number;
  cls: number;
  ceiling: number;
  description: string;
  buildStage: number;
  deadlineYear: number;
  deadlineQuarter: number;
  isFinished: number;
  floorsMin: number;
  floorsMax: number;
  image: string | null;
  declarationNumber: string | null;
  declarationDate: string | null;
  buildingPermit: string | null;
  escrowBank: string | null;
  /** JSON array of names. */
  mortgageBanks: string;
}

/**
 * A complex of a feed: created with everything the feed says or we default; on later runs only its stage,
 * deadline, storeys, picture and trust details follow the feed (what the feed leaves out is kept). A new one
 * (slug still empty) is named and indexed for search.
 */
export async function upsertComplex(
  db: D1Database,
  c: ComplexDraftRow,
  slugBase: string,
  searchName: string,
): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO residential_complexes (slug, name, developer_id, region_id, locality_id, city_area_id, district_id,
         mo_district_id, highway_id, railway_id, address, lat, lng, class, build_type, build_stage, deadline_year,
         deadline_quarter, is_finished, otdelka_mask, parking_mask, ceiling_height, floors_min, floors_max, description,
         min_price, max_price, min_area, max_area, min_price_m2, max_price_m2, apartments_on_sale, feed_key, image,
         declaration_number, declaration_date, building_permit, escrow_bank, mortgage_banks)
       VALUES ('', ?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL, NULL, ?8, ?9, ?10, ?11, 1, ?12, ?13, ?14, ?15, 0, 0, ?16, ?17, ?18,
         ?19, 0, 0, 0, 0, 0, 0, 0, ?20, ?21, ?22, ?23, ?24, ?25, ?26)
       ON CONFLICT (developer_id, feed_key) DO UPDATE SET build_stage = excluded.build_stage,
         deadline_year = excluded.deadline_year, deadline_quarter = excluded.deadline_quarter,
         is_finished = excluded.is_finished, floors_min = excluded.floors_min, floors_max = excluded.floors_max,
         image = coalesce(excluded.image, image),
         declaration_number = coalesce(excluded.declaration_number, declaration_number),
         declaration_date = coalesce(excluded.declaration_date, declaration_date),
         building_permit = coalesce(excluded.building_permit, building_permit),
         escrow_bank = coalesce(excluded.escrow_bank, escrow_bank),
         mortgage_banks = CASE excluded.mortgage_banks WHEN '[]' THEN mortgage_banks ELSE excluded.mortgage_banks END
       RETURNING id, slug`,
    )
    .bind(
      c.name,
      c.developerId,
      c.regionId,
      c.localityId,
      c.cityAreaId,
      c.districtId,
      c.moDistrictId,
      c.address,
      c.lat,
      c.lng,
      c.cls,
      c.buildStage,
      c.deadlineYear,
      c.deadlineQuarter,
      c.isFinished,
      c.ceiling,
      c.floorsMin,
      c.floorsMax,
      c.description,
      c.feedKey,
      c.image,
      c.declarationNumber,
      c.declarationDate,
      c.buildingPermit,
      c.escrowBank,
      c.mortgageBanks,
    )
    .first<{ id: number; slug: string }>();
  if (!row) throw new Error("residential_complexes: no id returned");
  if (!row.slug) {
    await db.batch([
      db
        .prepare("UPDATE residential_complexes SET slug = ?2 || '-' || id WHERE id = ?1")
        .bind(row.id, slugBase),
      db
        .prepare("INSERT INTO search_entities (name, kind, entity_id, extra) VALUES (?1, 'complex', ?2, ?3)")
        .bind(searchName, row.id, c.name),
    ]);
  }
  return row.id;
}

export interface HouseDraftRow {
  complexId: number;
  feedKey: string;
  name: string;
  floors: number;
  buildStage: number;
  deadlineYear: number;
  deadlineQuarter: number;
  isFinished: number;
}

export function upsertHouse(db: D1Database, h: HouseDraftRow): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO houses (complex_id, name, floors, sections, per_floor, build_stage, deadline_year, deadline_quarter,
         is_finished, feed_key)
       VALUES (?1, ?2, ?3, 1, 1, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (complex_id, feed_key) DO UPDATE SET floors = excluded.floors, build_stage = excluded.build_stage,
         deadline_year = excluded.deadline_year, deadline_quarter = excluded.deadline_quarter,
         is_finished = excluded.is_finished,
         -- The first promised deadline is kept when the feed moves it (the right side reads the old row).
         planned_deadline_year = CASE WHEN planned_deadline_year IS NULL AND deadline_year * 4 + deadline_quarter
           != excluded.deadline_year * 4 + excluded.deadline_quarter THEN deadline_year ELSE planned_deadline_year END,
         planned_deadline_quarter = CASE WHEN planned_deadline_year IS NULL AND deadline_year * 4 + deadline_quarter
           != excluded.deadline_year * 4 + excluded.deadline_quarter THEN deadline_quarter ELSE planned_deadline_quarter END
       RETURNING id`,
    )
    .bind(
      h.complexId,
      h.name,
      h.floors,
      h.buildStage,
      h.deadlineYear,
      h.deadlineQuarter,
      h.isFinished,
      h.feedKey,
    );
}

/** Points a house's staged offers at the complex and house they go to. */
export function linkStagedHouse(
  db: D1Database,
  runId: number,
  houseKey: string,
  complexId: number,
  houseId: number,
): D1PreparedStatement {
  return db
    .prepare("UPDATE feed_staging SET complex_id = ?3, house_id = ?4 WHERE run_id = ?1 AND house_key = ?2")
    .bind(runId, houseKey, complexId, houseId);
}

/** distance_type 3 with minutes null: a station named without a time; `estimated`: minutes from coordinates. */
export function upsertComplexStation(
  db: D1Database,
  complexId: number,
  stationId: number,
  distanceType: 1 | 2 | 3,
  minutes: number | null,
  estimated: boolean,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO complex_stations (complex_id, station_id, distance_type, minutes, estimated) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (complex_id, station_id) DO UPDATE SET distance_type = excluded.distance_type,
         minutes = excluded.minutes, estimated = excluded.estimated`,
    )
    .bind(complexId, stationId, distanceType, minutes, estimated ? 1 : 0);
}

const CHUNK_FILTER = "s.run_id = ?1 AND s.seq BETWEEN ?3 AND ?4 AND s.house_id IS NOT NULL";

/**
 * Writes the staged offers with seq in [from, to], in one transaction: changed apartments are updated (and
 * put back on sale), new ones inserted at the next free positions of their floors. What changed for a buyer (on
 * sale, a new price) is recorded by the change events' triggers (migration 0018).
 */
export async function applyStagedOffers(
  db: D1Database,
  runId: number,
  feedId: number,
  from: number,
  to: number,
): Promise<{ added: number; updated: number }> {
  // changes() after each write: D1's meta.changes also counts the rows the change events' triggers insert.
  const changes = db.prepare("SELECT changes() AS n");
  const [, updated, , added] = await db.batch<{ n: number }>([
    db
      .prepare(
        `UPDATE living_objects AS lo SET complex_id = s.complex_id, house_id = s.house_id, floor = s.floor,
           rooms = s.rooms, area_total = s.area_total, area_living = s.area_living, area_kitchen = s.area_kitchen,
           price = s.price, price_m2 = s.price_m2, otdelka = s.otdelka, status = 1, plan = s.plan,
           plan_image = s.plan_image
         FROM feed_staging s
         WHERE ${CHUNK_FILTER} AND lo.feed_id = ?2 AND lo.external_id = s.external_id
           AND (lo.house_id, lo.floor, lo.rooms, lo.area_total, lo.area_living, lo.area_kitchen, lo.price, lo.otdelka,
                lo.status, lo.plan, lo.plan_image)
           IS NOT (s.house_id, s.floor, s.rooms, s.area_total, s.area_living, s.area_kitchen, s.price, s.otdelka, 1,
                s.plan, s.plan_image)`,
      )
      .bind(runId, feedId, from, to),
    changes,
    db
      .prepare(
        `INSERT INTO living_objects (complex_id, house_id, section, floor, position, number, rooms, area_total,
           area_living, area_kitchen, price, price_m2, otdelka, status, plan, feed_id, external_id, plan_image)
         SELECT s.complex_id, s.house_id, 1, s.floor,
           coalesce((SELECT max(x.position) FROM living_objects x WHERE x.house_id = s.house_id AND x.floor = s.floor), 0)
             + row_number() OVER (PARTITION BY s.house_id, s.floor ORDER BY s.seq),
           coalesce((SELECT max(x.number) FROM living_objects x WHERE x.house_id = s.house_id), 0)
             + row_number() OVER (PARTITION BY s.house_id ORDER BY s.seq),
           s.rooms, s.area_total, s.area_living, s.area_kitchen, s.price, s.price_m2, s.otdelka, 1, s.plan, ?2,
           s.external_id, s.plan_image
         FROM feed_staging s
         WHERE ${CHUNK_FILTER}
           AND NOT EXISTS (SELECT 1 FROM living_objects x WHERE x.feed_id = ?2 AND x.external_id = s.external_id)`,
      )
      .bind(runId, feedId, from, to),
    changes,
  ]);
  return { added: added?.results[0]?.n ?? 0, updated: updated?.results[0]?.n ?? 0 };
}

/** Apartments of the feed that are no longer in it: sold (never deleted). */
export async function markMissingSold(db: D1Database, runId: number, feedId: number): Promise<number> {
  const [, sold] = await db.batch<{ n: number }>([
    db
      .prepare(
        `UPDATE living_objects SET status = 3 WHERE feed_id = ?2 AND status <> 3
           AND NOT EXISTS (SELECT 1 FROM feed_staging s WHERE s.run_id = ?1 AND s.external_id = living_objects.external_id)`,
      )
      .bind(runId, feedId),
    // Not meta.changes: it counts the sold events the triggers write too.
    db.prepare("SELECT changes() AS n"),
  ]);
  return sold?.results[0]?.n ?? 0;
}

/**
 * After the apartments: houses' positions per floor, complexes the feed has apartments in (for the
 * aggregates), developers' complex counts and the feed's developer when it had none.
 */
export async function finishCatalogue(
  db: D1Database,
  runId: number,
  feedId: number,
  developerId: number | null,
): Promise<number[]> {
  const [, , , complexes] = await db.batch<{ complex_id: number }>([
    db
      .prepare(
        `UPDATE houses SET per_floor = max(1, coalesce((SELECT max(position) FROM living_objects WHERE house_id = houses.id), 1))
         WHERE id IN (SELECT DISTINCT house_id FROM feed_staging WHERE run_id = ?1 AND house_id IS NOT NULL)`,
      )
      .bind(runId),
    db
      .prepare(
        `UPDATE companies SET
           complexes_total = (SELECT count(*) FROM residential_complexes WHERE developer_id = companies.id),
           complexes_building = (SELECT count(*) FROM residential_complexes WHERE developer_id = companies.id AND is_finished = 0),
           complexes_finished = (SELECT count(*) FROM residential_complexes WHERE developer_id = companies.id AND is_finished = 1)
         WHERE id IN (SELECT DISTINCT rc.developer_id FROM feed_staging s
                      JOIN residential_complexes rc ON rc.id = s.complex_id WHERE s.run_id = ?1)`,
      )
      .bind(runId),
    db
      .prepare("UPDATE feeds SET developer_id = coalesce(developer_id, ?2) WHERE id = ?1")
      .bind(feedId, developerId),
    db.prepare("SELECT DISTINCT complex_id FROM living_objects WHERE feed_id = ?1").bind(feedId),
  ]);
  return (complexes?.results ?? []).map((r) => r.complex_id);
}

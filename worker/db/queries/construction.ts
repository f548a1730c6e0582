/**
 * Construction progress (issue 31, migration 0023): the monthly reports of a complex's houses with the
 * deadlines declared for them (their change events), and the kept columns the catalogue filters, sorts and
 * cards read (refreshConstruction).
 */
import { deadlineMoves, declaredDeadlines } from "../../../shared/construction/history";
import { type DeveloperRecord, deliveryRisk, type HouseProgress } from "../../../shared/construction/risk";
import { complexConstruction, RISK_CODES } from "../../../shared/construction/summary";
import { COMPANY_ID_OF_PARAM } from "./companies";

export interface ProgressRow {
  house_id: number;
  month: string;
  stage: number;
  readiness: number;
  photo_url: string | null;
  photo_date: string | null;
}

interface DeadlineEventRow {
  house_id: number;
  kind: string;
  old_value: number | null;
  new_value: number | null;
}

export interface ConstructionRows {
  progress: ProgressRow[];
  events: DeadlineEventRow[];
}

/**
 * A house's reports (oldest first) and deadline events (in the order recorded) as two JSON columns of its row,
 * so the complex's houses come with them in one statement (listHouses): `progress` rows [month, stage,
 * readiness, photo_url, photo_date], `deadline_events` rows [kind, old_value, new_value].
 */
export const HOUSE_CONSTRUCTION_COLUMNS = `
  (SELECT json_group_array(json_array(p.month, p.stage, p.readiness, p.photo_url, p.photo_date))
     FROM (SELECT * FROM house_progress WHERE house_id = h.id ORDER BY month) p) AS progress,
  (SELECT json_group_array(json_array(e.kind, e.old_value, e.new_value))
     FROM (SELECT kind, old_value, new_value FROM change_events WHERE complex_id = h.complex_id AND house_id = h.id
       AND kind IN ('deadline', 'sales_start') ORDER BY id) e) AS deadline_events`;

/** The JSON columns of HOUSE_CONSTRUCTION_COLUMNS. */
export interface HouseConstructionColumns {
  id: number;
  progress: string;
  deadline_events: string;
}

/** The reports and events of a complex's houses, read back from their rows' JSON columns. */
export function constructionRowsOf(houses: readonly HouseConstructionColumns[]): ConstructionRows {
  const rows: ConstructionRows = { progress: [], events: [] };
  for (const h of houses) {
    for (const [month, stage, readiness, photo_url, photo_date] of JSON.parse(h.progress) as [
      string,
      number,
      number,
      string | null,
      string | null,
    ][])
      rows.progress.push({ house_id: h.id, month, stage, readiness, photo_url, photo_date });
    for (const [kind, old_value, new_value] of JSON.parse(h.deadline_events) as [
      string,
      number | null,
      number | null,
    ][])
      rows.events.push({ house_id: h.id, kind, old_value, new_value });
  }
  return rows;
}

/** One house's history in the terms of shared/construction/risk.ts. */
export function progressOf(
  house: { id: number; deadline_year: number; deadline_quarter: number; is_finished: number },
  rows: ConstructionRows,
): HouseProgress {
  return {
    finished: house.is_finished === 1,
    readiness: rows.progress
      .filter((p) => p.house_id === house.id)
      .map((p) => ({ month: p.month, percent: p.readiness })),
    deadlines: declaredDeadlines(
      rows.events.filter((e) => e.house_id === house.id),
      house.deadline_year * 4 + house.deadline_quarter - 1,
    ),
  };
}

/**
 * Recomputes the kept columns of a complex's houses and of the complex (readiness, deadline moves, risk and
 * the filters' bits) as of `now`: after a feed import changes its reports or deadlines.
 */
export async function refreshConstruction(
  db: D1Database,
  complexId: number,
  developer: DeveloperRecord,
  now: Date,
): Promise<void> {
  const { results: houses } = await db
    .prepare(
      `SELECT h.id, h.deadline_year, h.deadline_quarter, h.is_finished, ${HOUSE_CONSTRUCTION_COLUMNS}
       FROM houses h WHERE h.complex_id = ?1`,
    )
    .bind(complexId)
    .all<
      HouseConstructionColumns & { deadline_year: number; deadline_quarter: number; is_finished: number }
    >();
  const rows = constructionRowsOf(houses);
  const summaries = houses.map((h) => {
    const p = progressOf(h, rows);
    const risk = deliveryRisk(p, developer, now).band;
    return {
      id: h.id,
      finished: p.finished,
      readiness: p.finished ? 100 : (p.readiness.at(-1)?.percent ?? null),
      moves: deadlineMoves(p.deadlines).moves,
      risk,
    };
  });
  const c = complexConstruction(summaries);
  await db.batch([
    ...summaries.map((s) =>
      db
        .prepare("UPDATE houses SET readiness = ?2, deadline_moves = ?3, delivery_risk = ?4 WHERE id = ?1")
        .bind(s.id, s.readiness, s.moves, s.finished ? null : RISK_CODES[s.risk]),
    ),
    db
      .prepare(
        "UPDATE residential_complexes SET readiness = ?2, delivery_risk = ?3, construction_mask = ?4 WHERE id = ?1",
      )
      .bind(complexId, c.readiness, c.delivery_risk, c.construction_mask),
  ]);
}

/** A developer's houses of published complexes, counted by state: finished or not, quarters late, moved. */
export interface DeveloperHousesRow {
  finished: number;
  /** Quarters from the first promise to the current (or delivery) deadline; 0: never later. */
  late_quarters: number;
  moved: number;
  houses: number;
}

/**
 * The record of a developer (by id or slug) as its page shows it: its houses delivered on time or late (by how
 * many quarters) and being built (their deadline moved or not). One statement: the developer's record of
 * getDeveloperRecord is its sum (late: finished more than a quarter after the first promise).
 */
export async function listDeveloperHouses(db: D1Database, idOrSlug: string): Promise<DeveloperHousesRow[]> {
  const { results } = await db
    .prepare(
      `SELECT h.is_finished AS finished,
         CASE WHEN h.planned_deadline_year IS NULL THEN 0 ELSE max(0, (h.deadline_year * 4 + h.deadline_quarter)
           - (h.planned_deadline_year * 4 + h.planned_deadline_quarter)) END AS late_quarters,
         (h.deadline_moves > 0 OR h.planned_deadline_year IS NOT NULL) AS moved, count(*) AS houses
       FROM residential_complexes rc JOIN houses h ON h.complex_id = rc.id
       WHERE rc.developer_id = ${COMPANY_ID_OF_PARAM} AND rc.is_published = 1
       GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`,
    )
    .bind(idOrSlug)
    .all<DeveloperHousesRow>();
  return results;
}

/** The latest report of each of some houses (a feed's), to compare a new report with. */
export async function listLatestReadiness(
  db: D1Database,
  houseIds: readonly number[],
  before: string,
): Promise<Map<number, number>> {
  const { results } = await db
    .prepare(
      `SELECT h.value AS house_id, (SELECT p.readiness FROM house_progress p WHERE p.house_id = h.value AND p.month < ?2
         ORDER BY p.month DESC LIMIT 1) AS readiness FROM json_each(?1) h`,
    )
    .bind(JSON.stringify(houseIds), before)
    .all<{ house_id: number; readiness: number | null }>();
  return new Map(results.flatMap((r) => (r.readiness === null ? [] : [[r.house_id, r.readiness]])));
}

/**
 * A house's report of a month from a feed, written or replaced (a feed imported twice in a month writes it
 * once); a month the operator corrected keeps the operator's stage and readiness.
 */
export function upsertProgress(
  db: D1Database,
  p: {
    houseId: number;
    month: string;
    stage: number;
    readiness: number;
    photo: { url: string; date: string } | null;
  },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO house_progress (house_id, month, stage, readiness, photo_url, photo_date)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (house_id, month) DO UPDATE SET
         stage = CASE WHEN corrected_at IS NULL THEN excluded.stage ELSE stage END,
         readiness = CASE WHEN corrected_at IS NULL THEN excluded.readiness ELSE readiness END,
         photo_url = coalesce(excluded.photo_url, photo_url), photo_date = coalesce(excluded.photo_date, photo_date)`,
    )
    .bind(p.houseId, p.month, p.stage, p.readiness, p.photo?.url ?? null, p.photo?.date ?? null);
}

/**
 * The published complexes still being built (a kept band: migration 0023) in one slice of `slices` by id: the
 * scheduled refresh takes one slice at a time, so every complex is refreshed once a round.
 */
export async function listConstructionDue(db: D1Database, slice: number, slices: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM residential_complexes
       WHERE is_published = 1 AND delivery_risk IS NOT NULL AND id % ?2 = ?1 ORDER BY id`,
    )
    .bind(slice, slices)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** A house's report of a month as the operator corrects it (/operator/stroyka/): kept over the feed's. */
export function correctProgress(
  db: D1Database,
  p: { houseId: number; month: string; stage: number; readiness: number },
  at: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO house_progress (house_id, month, stage, readiness, corrected_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (house_id, month) DO UPDATE SET stage = excluded.stage, readiness = excluded.readiness,
         corrected_at = excluded.corrected_at`,
    )
    .bind(p.houseId, p.month, p.stage, p.readiness, at);
}

/** A house as the operator's correction page shows it, with its latest reports (JSON, newest first). */
export interface OperatorHouseRow {
  complex_id: number;
  complex_name: string;
  complex_slug: string;
  id: number;
  name: string;
  deadline_year: number;
  deadline_quarter: number;
  is_finished: number;
  reports: string;
}

/** The reports shown per house on the operator's page. */
export const OPERATOR_REPORTS = 6;

/** The houses of a complex (by slug or id) with their latest reports, for the operator; none: no complex. */
export async function listHousesForCorrection(db: D1Database, complex: string): Promise<OperatorHouseRow[]> {
  const { results } = await db
    .prepare(
      `SELECT rc.id AS complex_id, rc.name AS complex_name, rc.slug AS complex_slug, h.id, h.name,
         h.deadline_year, h.deadline_quarter, h.is_finished,
         (SELECT json_group_array(json_object('month', p.month, 'stage', p.stage, 'readiness', p.readiness,
            'corrected_at', p.corrected_at))
          FROM (SELECT * FROM house_progress WHERE house_id = h.id ORDER BY month DESC LIMIT ${OPERATOR_REPORTS}) p)
           AS reports
       FROM residential_complexes rc JOIN houses h ON h.complex_id = rc.id
       WHERE rc.id = (SELECT id FROM residential_complexes WHERE slug = ?1 OR id = ?1)
       ORDER BY h.id`,
    )
    .bind(complex)
    .all<OperatorHouseRow>();
  return results;
}

/** The complex of a house (its id and address), or null: no such house. */
export async function complexOfHouse(
  db: D1Database,
  houseId: number,
): Promise<{ id: number; slug: string } | null> {
  return db
    .prepare(
      "SELECT rc.id, rc.slug FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id WHERE h.id = ?1",
    )
    .bind(houseId)
    .first<{ id: number; slug: string }>();
}

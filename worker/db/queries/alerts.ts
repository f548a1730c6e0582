/**
 * Saved searches and alerts (migration 0022, worker/alerts): subscribers, their subscriptions, the letters'
 * outbox and which change went into which letter.
 */
import type { Param } from "./bind";

export type FollowKind = "search" | "apartment" | "complex";
export type Frequency = "instant" | "daily" | "weekly";
export type LetterKind = "confirm" | "alert" | "digest" | "manage";

export interface SubscriberRow {
  id: number;
  email: string;
  confirmed_at: string | null;
  token_version: number;
}

export interface SubscriptionRow {
  id: number;
  subscriber_id: number;
  kind: FollowKind;
  target: string;
  target_id: number | null;
  name: string;
  frequency: Frequency;
  feed_token: string;
  confirmed_at: string | null;
  created_at: string;
}

export interface NewSubscription {
  email: string;
  consentVersion: string;
  at: string;
  confirmHash: string;
  confirmExpiresAt: string;
  kind: FollowKind;
  target: string;
  targetId: number | null;
  name: string;
  frequency: Frequency;
  feedToken: string;
}

/**
 * Stores the address (its consent renewed, a new confirmation token that replaces the last) and the
 * subscription in one transaction; the same target again is the same subscription. Answers the subscriber and
 * whether the subscription is new.
 */
export async function storeSubscription(
  db: D1Database,
  s: NewSubscription,
): Promise<{ subscriber: SubscriberRow; subscriptionId: number; created: boolean }> {
  const [subscriber, subscription] = await db.batch<{ id: number } & Partial<SubscriberRow>>([
    db
      .prepare(
        `INSERT INTO subscribers (email, consent_version, consent_at, confirm_hash, confirm_expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?3)
         ON CONFLICT (email) DO UPDATE SET consent_version = excluded.consent_version,
           consent_at = excluded.consent_at, confirm_hash = excluded.confirm_hash,
           confirm_expires_at = excluded.confirm_expires_at, confirm_used_at = NULL
         RETURNING id, email, confirmed_at, token_version`,
      )
      .bind(s.email, s.consentVersion, s.at, s.confirmHash, s.confirmExpiresAt),
    db
      .prepare(
        `INSERT INTO subscriptions (subscriber_id, kind, target, target_id, name, frequency, feed_token, created_at)
         SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM subscribers WHERE email = ?1
         ON CONFLICT (subscriber_id, target) DO NOTHING
         RETURNING id`,
      )
      .bind(s.email, s.kind, s.target, s.targetId, s.name, s.frequency, s.feedToken, s.at),
  ]);
  const row = subscriber?.results[0] as SubscriberRow | undefined;
  if (!row) throw new Error("the subscriber was not stored");
  const created = subscription?.results[0]?.id;
  if (created !== undefined) return { subscriber: row, subscriptionId: created, created: true };
  const existing = await db
    .prepare("SELECT id FROM subscriptions WHERE subscriber_id = ?1 AND target = ?2")
    .bind(row.id, s.target)
    .first<{ id: number }>();
  return { subscriber: row, subscriptionId: existing?.id ?? 0, created: false };
}

export type ConfirmOutcome = "confirmed" | "used" | "expired" | "unknown";

/**
 * Opens a confirmation link: the address and its waiting subscriptions are confirmed, matched from the newest
 * change on. A link opened again answers "used", one past its time "expired".
 */
export async function confirmSubscriber(
  db: D1Database,
  confirmHash: string,
  at: string,
): Promise<{ outcome: ConfirmOutcome; subscriber: SubscriberRow | null }> {
  const row = await db
    .prepare(
      `SELECT id, email, confirmed_at, token_version, confirm_expires_at, confirm_used_at FROM subscribers
       WHERE confirm_hash = ?1`,
    )
    .bind(confirmHash)
    .first<SubscriberRow & { confirm_expires_at: string; confirm_used_at: string | null }>();
  if (!row) return { outcome: "unknown", subscriber: null };
  if (row.confirm_used_at) return { outcome: "used", subscriber: row };
  if (row.confirm_expires_at < at) return { outcome: "expired", subscriber: null };
  const [done] = await db.batch([
    db
      .prepare(
        `UPDATE subscribers SET confirmed_at = coalesce(confirmed_at, ?2), confirm_used_at = ?2
         WHERE id = ?1 AND confirm_used_at IS NULL RETURNING id`,
      )
      .bind(row.id, at),
    db
      .prepare(
        `UPDATE subscriptions SET confirmed_at = ?2,
           from_event_id = (SELECT coalesce(max(id), 0) FROM change_events),
           last_event_id = (SELECT coalesce(max(id), 0) FROM change_events)
         WHERE subscriber_id = ?1 AND confirmed_at IS NULL`,
      )
      .bind(row.id, at),
  ]);
  // Two opens at once: the one that did not confirm was the second.
  if (!done?.results.length) return { outcome: "used", subscriber: row };
  return { outcome: "confirmed", subscriber: { ...row, confirmed_at: row.confirmed_at ?? at } };
}

export function getSubscriber(db: D1Database, id: number): Promise<SubscriberRow | null> {
  return db
    .prepare("SELECT id, email, confirmed_at, token_version FROM subscribers WHERE id = ?1")
    .bind(id)
    .first<SubscriberRow>();
}

export function getSubscriberByEmail(db: D1Database, email: string): Promise<SubscriberRow | null> {
  return db
    .prepare("SELECT id, email, confirmed_at, token_version FROM subscribers WHERE email = ?1")
    .bind(email)
    .first<SubscriberRow>();
}

const SUBSCRIPTION_COLUMNS =
  "id, subscriber_id, kind, target, target_id, name, frequency, feed_token, confirmed_at, created_at";

export async function listSubscriptions(db: D1Database, subscriberId: number): Promise<SubscriptionRow[]> {
  const { results } = await db
    .prepare(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE subscriber_id = ?1 ORDER BY id DESC`)
    .bind(subscriberId)
    .all<SubscriptionRow>();
  return results;
}

export function getSubscriptionByFeed(db: D1Database, feedToken: string): Promise<SubscriptionRow | null> {
  return db
    .prepare(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE feed_token = ?1 AND confirmed_at IS NOT NULL`,
    )
    .bind(feedToken)
    .first<SubscriptionRow>();
}

/** Changes one subscription of the subscriber (its name, its frequency); false when it is not theirs. */
export async function updateSubscription(
  db: D1Database,
  subscriberId: number,
  id: number,
  change: { name?: string; frequency?: Frequency },
): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE subscriptions SET name = coalesce(?3, name), frequency = coalesce(?4, frequency)
       WHERE id = ?1 AND subscriber_id = ?2 RETURNING id`,
    )
    .bind(id, subscriberId, change.name ?? null, change.frequency ?? null)
    .first();
  return row !== null;
}

/** Deletes one subscription of the subscriber (null `id`: every one). */
export async function deleteSubscriptions(db: D1Database, subscriberId: number, id: number | null) {
  await db
    .prepare("DELETE FROM subscriptions WHERE subscriber_id = ?1 AND (?2 IS NULL OR id = ?2)")
    .bind(subscriberId, id)
    .run();
}

/** Every link sent so far stops working (a new token version). */
export async function revokeLinks(db: D1Database, subscriberId: number): Promise<void> {
  await db
    .prepare("UPDATE subscribers SET token_version = token_version + 1 WHERE id = ?1")
    .bind(subscriberId)
    .run();
}

/** «Удалить все мои данные»: the address and every row tied to it, in one transaction. */
export async function deleteSubscriber(db: D1Database, subscriberId: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        "DELETE FROM deliveries WHERE subscription_id IN (SELECT id FROM subscriptions WHERE subscriber_id = ?1)",
      )
      .bind(subscriberId),
    db.prepare("DELETE FROM subscriptions WHERE subscriber_id = ?1").bind(subscriberId),
    db.prepare("DELETE FROM letters WHERE subscriber_id = ?1").bind(subscriberId),
    db.prepare("DELETE FROM subscribers WHERE id = ?1").bind(subscriberId),
  ]);
}

// ---- Letters (the outbox) ----

export interface LetterInsert {
  subscriberId: number;
  kind: LetterKind;
  idempotencyKey: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  at: string;
}

const insertLetterSql = `INSERT INTO letters (subscriber_id, kind, idempotency_key, subject, text, html, headers, created_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`;

const letterParams = (l: LetterInsert) => [
  l.subscriberId,
  l.kind,
  l.idempotencyKey,
  l.subject,
  l.text,
  l.html,
  JSON.stringify(l.headers),
  l.at,
];

/** Stores a letter once per idempotency key; its id, or null when the key was stored already. */
export async function insertLetter(db: D1Database, l: LetterInsert): Promise<number | null> {
  const row = await db
    .prepare(insertLetterSql)
    .bind(...letterParams(l))
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * Stores a letter of changes and puts the changes into it, in one transaction: a change already in a letter
 * (another run's) stays there, so a change is in one letter per subscription, ever.
 */
export async function insertChangesLetter(
  db: D1Database,
  l: LetterInsert,
  deliveries: readonly { subscription_id: number; event_id: number }[],
): Promise<number | null> {
  const [letter] = await db.batch([
    db.prepare(insertLetterSql).bind(...letterParams(l)),
    db
      .prepare(
        `UPDATE deliveries SET letter_id = (SELECT id FROM letters WHERE idempotency_key = ?1)
         WHERE letter_id IS NULL AND (subscription_id, event_id) IN
           (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2))`,
      )
      .bind(l.idempotencyKey, JSON.stringify(deliveries.map((d) => [d.subscription_id, d.event_id]))),
    db
      .prepare(
        `UPDATE subscriptions SET last_letter_at = ?2,
           last_event_id = max(last_event_id, (SELECT coalesce(max(d.event_id), 0) FROM deliveries d
             WHERE d.subscription_id = subscriptions.id AND d.letter_id IS NOT NULL))
         WHERE id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify([...new Set(deliveries.map((d) => d.subscription_id))]), l.at),
  ]);
  return (letter?.results[0] as { id: number } | undefined)?.id ?? null;
}

export interface LetterRow {
  id: number;
  subscriber_id: number;
  email: string;
  kind: LetterKind;
  idempotency_key: string;
  subject: string;
  text: string;
  html: string;
  headers: string;
  status: "pending" | "sending" | "sent" | "dead";
  attempts: number;
}

export function getLetter(db: D1Database, id: number): Promise<LetterRow | null> {
  return db
    .prepare(
      `SELECT l.id, l.subscriber_id, s.email, l.kind, l.idempotency_key, l.subject, l.text, l.html, l.headers,
         l.status, l.attempts
       FROM letters l JOIN subscribers s ON s.id = l.subscriber_id WHERE l.id = ?1`,
    )
    .bind(id)
    .first<LetterRow>();
}

/** Takes a letter for sending until `leaseUntil`: false when it is sent, dead, or another consumer holds it. */
export async function claimLetter(
  db: D1Database,
  id: number,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE letters SET status = 'sending', lease_until = ?3, attempts = attempts + 1
       WHERE id = ?1 AND (status = 'pending' OR (status = 'sending' AND lease_until < ?2)) RETURNING id`,
    )
    .bind(id, now, leaseUntil)
    .first();
  return row !== null;
}

export async function recordLetterSent(db: D1Database, id: number, at: string, messageId: string | null) {
  await db
    .prepare(
      "UPDATE letters SET status = 'sent', sent_at = ?2, message_id = ?3, lease_until = NULL WHERE id = ?1",
    )
    .bind(id, at, messageId)
    .run();
}

/** A failed try: the letter waits for the queue's next one (pending), or is dead after the last. */
export async function recordLetterFailed(db: D1Database, id: number, error: string, dead: boolean) {
  await db
    .prepare(
      `UPDATE letters SET status = ?3, last_error = ?2, lease_until = NULL WHERE id = ?1 AND status != 'sent'`,
    )
    .bind(id, error, dead ? "dead" : "pending")
    .run();
}

export async function markLettersQueued(db: D1Database, ids: number[], at: string): Promise<void> {
  await db
    .prepare("UPDATE letters SET queued_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids), at)
    .run();
}

/** Letters stored before `before` and never handed to the queue. */
export async function listUnqueuedLetters(db: D1Database, before: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM letters WHERE queued_at IS NULL AND status = 'pending' AND created_at < ?1
       ORDER BY created_at LIMIT ?2`,
    )
    .bind(before, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

// ---- Matching ----

/**
 * Where the matching goes on from: its cursor, or past every event older than the oldest confirmed
 * subscription (they match none: the seed's history, or changes while nobody followed anything).
 */
export async function getAlertCursor(db: D1Database): Promise<{ cursor: number; last: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT last_event_id FROM alert_cursor WHERE id = 1) AS cursor,
         (SELECT coalesce(max(id), 0) FROM change_events) AS last,
         (SELECT min(from_event_id) FROM subscriptions WHERE confirmed_at IS NOT NULL) AS oldest`,
    )
    .first<{ cursor: number | null; last: number; oldest: number | null }>();
  const last = row?.last ?? 0;
  return { cursor: Math.max(row?.cursor ?? 0, row?.oldest ?? last), last };
}

/** Takes the letters' composing lease until `until` (ISO) unless another holds one past `now`. */
export async function takeComposeLease(db: D1Database, now: string, until: string): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE alert_cursor SET compose_until = ?2
       WHERE id = 1 AND (compose_until IS NULL OR compose_until <= ?1) RETURNING id`,
    )
    .bind(now, until)
    .first();
  return row !== null;
}

/** Gives the lease taken until `until` back (not one another run has taken since it ran out). */
export async function releaseComposeLease(db: D1Database, until: string): Promise<void> {
  await db
    .prepare("UPDATE alert_cursor SET compose_until = NULL WHERE id = 1 AND compose_until = ?1")
    .bind(until)
    .run();
}

/** Apartment events a saved search is told of: on sale (new or again), and a lower price. */
const SEARCH_EVENTS = "(e.kind = 'on_sale' OR (e.kind = 'price' AND e.new_value < e.old_value))";

// ---- Candidate searches (migration 0026, worker/alerts/search-keys.ts) ----

export interface TargetKeys {
  target: string;
  keys: readonly { col: string; lo: number; hi: number; driver: 0 | 1 }[];
  cols: number;
}

/** Writes (or rewrites) the keys of these saved searches, in one transaction. */
export async function storeSearchKeys(db: D1Database, entries: readonly TargetKeys[]): Promise<void> {
  if (!entries.length) return;
  const targets = JSON.stringify(entries.map((e) => e.target));
  const keys = entries.flatMap((e) => e.keys.map((k) => [e.target, k.col, k.lo, k.hi, k.driver]));
  await db.batch([
    db.prepare("DELETE FROM search_keys WHERE target IN (SELECT value FROM json_each(?1))").bind(targets),
    db
      .prepare(
        `INSERT INTO search_keys (target, col, lo, hi, driver)
         SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]'
         FROM json_each(?1)`,
      )
      .bind(JSON.stringify(keys)),
    db
      .prepare(
        `INSERT OR REPLACE INTO search_key_sets (target, cols)
         SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?1)`,
      )
      .bind(JSON.stringify(entries.map((e) => [e.target, e.cols]))),
  ]);
}

/** Saved searches whose keys were never written (stored before migration 0026, or a write that failed). */
export async function listUnkeyedTargets(db: D1Database, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT s.target FROM subscriptions s WHERE s.kind = 'search'
         AND NOT EXISTS (SELECT 1 FROM search_key_sets k WHERE k.target = s.target) LIMIT ?1`,
    )
    .bind(limit)
    .all<{ target: string }>();
  return results.map((r) => r.target);
}

/** A column a key names, as the changed apartment `lo` (its complex rc, a station of it cs) has it. */
const KEY_COLUMN = /^(rc|lo|cs)\.[a-z_]+$/;

/**
 * The confirmed saved searches that can take a change among the events in (from, to]: those whose driver rows
 * name one of a changed apartment's values and whose every key column holds for that apartment; those with no
 * driver (no key, or keys not written yet), whenever the range has a change a search is told of. `columns`:
 * every column a key can name (search-keys.ts KEY_COLUMNS). The CROSS JOINs keep SQLite's order: each changed
 * apartment's value looked up among the driver rows, each pair's key rows then the apartment's values; left to
 * itself the planner walked every driver row and scanned the apartments' values of its column for each (16 of
 * the 19 million rows a run of 20 000 searches × 1 000 changes read at scale 1).
 */
export async function listCandidateTargets(
  db: D1Database,
  columns: readonly string[],
  from: number,
  to: number,
): Promise<string[]> {
  const valid = columns.filter((c) => KEY_COLUMN.test(c));
  // One row per changed apartment and column (D1 allows few terms in a compound SELECT: no union per column).
  const values = (cols: string[]) =>
    cols.length ? `CASE k.value ${cols.map((c) => `WHEN '${c}' THEN ${c}`).join(" ")} END` : "NULL";
  const own = valid.filter((c) => !c.startsWith("cs."));
  const stations = valid.filter((c) => c.startsWith("cs."));
  const { results } = await db
    .prepare(
      `WITH changed AS MATERIALIZED (
         SELECT DISTINCT e.living_object_id AS id, e.complex_id FROM change_events e
         WHERE e.id > ?1 AND e.id <= ?2 AND ${SEARCH_EVENTS}),
       ak AS MATERIALIZED (
         SELECT c.id AS apt, k.value AS col, ${values(own)} AS v FROM changed c
           JOIN living_objects lo ON lo.id = c.id JOIN residential_complexes rc ON rc.id = lo.complex_id,
           json_each(?3) k
         UNION ALL SELECT c.id, k.value, ${values(stations)} FROM changed c
           JOIN complex_stations cs ON cs.complex_id = c.complex_id, json_each(?4) k),
       pairs AS (SELECT DISTINCT k.target, a.apt FROM ak a
         CROSS JOIN search_keys k INDEXED BY search_keys_driver ON k.driver = 1 AND k.col = a.col AND k.lo = a.v),
       held AS (
         SELECT p.target, count(DISTINCT k.col) AS cols FROM pairs p
           CROSS JOIN search_keys k INDEXED BY search_keys_target ON k.target = p.target
           CROSS JOIN ak a ON a.apt = p.apt AND a.col = k.col AND a.v BETWEEN k.lo AND k.hi
         GROUP BY p.target, p.apt),
       candidates AS (
         SELECT DISTINCT h.target FROM held h JOIN search_key_sets ks ON ks.target = h.target AND ks.cols = h.cols
         UNION SELECT target FROM search_key_sets WHERE cols = 0 AND EXISTS (SELECT 1 FROM changed)
         UNION SELECT s.target FROM subscriptions s WHERE s.kind = 'search' AND EXISTS (SELECT 1 FROM changed)
           AND NOT EXISTS (SELECT 1 FROM search_key_sets k WHERE k.target = s.target))
       SELECT c.target FROM candidates c WHERE EXISTS (SELECT 1 FROM subscriptions s INDEXED BY subscriptions_search
         WHERE s.kind = 'search' AND s.target = c.target AND s.confirmed_at IS NOT NULL AND s.from_event_id < ?2)
       ORDER BY c.target`,
    )
    .bind(from, to, JSON.stringify(own), JSON.stringify(stations))
    .all<{ target: string }>();
  return results.map((r) => r.target);
}

/**
 * The statement that records the matches of the saved searches with `target` among the events in (from, to]:
 * `where` is the filter model's own condition on the changed apartment `lo` (alias rc for its complex), with
 * its parameters; the range and target are bound after them. The batch's events are read first (CROSS JOIN
 * keeps SQLite's order): left to itself the planner walked the filter's own index of the apartments (every
 * 2-room flat on sale) and looked each up among the events, 100 000 rows read a statement at scale 1.
 */
export function matchSearchStatement(
  db: D1Database,
  where: { sql: string; params: Param[] },
  target: string,
  from: number,
  to: number,
): D1PreparedStatement {
  const n = where.params.length;
  return db
    .prepare(
      `INSERT OR IGNORE INTO deliveries (subscription_id, event_id)
       SELECT s.id, e.id FROM change_events e
         CROSS JOIN living_objects lo ON lo.id = e.living_object_id
         JOIN residential_complexes rc ON rc.id = lo.complex_id
         JOIN subscriptions s ON s.kind = 'search' AND s.target = ?${n + 3} AND s.confirmed_at IS NOT NULL
           AND e.id > s.from_event_id
       WHERE e.id > ?${n + 1} AND e.id <= ?${n + 2} AND ${SEARCH_EVENTS} AND (${where.sql})`,
    )
    .bind(...where.params, from, to, target);
}

/**
 * The changes a saved search is told of after event `after` (its condition `where` as in matchSearchStatement),
 * counted up to `cap`, and the newest event's id (where the visitor's next count starts).
 */
export async function countSearchChanges(
  db: D1Database,
  where: { sql: string; params: Param[] },
  after: number,
  cap: number,
): Promise<{ count: number; last: number }> {
  const n = where.params.length;
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM change_events e
           JOIN living_objects lo ON lo.id = e.living_object_id
           JOIN residential_complexes rc ON rc.id = lo.complex_id
         WHERE e.id > ?${n + 1} AND ${SEARCH_EVENTS} AND (${where.sql}) LIMIT ?${n + 2})) AS count,
         (SELECT coalesce(max(id), 0) FROM change_events) AS last`,
    )
    .bind(...where.params, after, cap)
    .first<{ count: number; last: number }>();
  return { count: row?.count ?? 0, last: row?.last ?? 0 };
}

/**
 * The statements that record the matches of followed apartments (a price, reserved, sold, on sale again) and
 * complexes (a house's sales start, a moved deadline, published) among the events in (from, to].
 */
export function matchFollowedStatements(db: D1Database, from: number, to: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO deliveries (subscription_id, event_id)
         SELECT s.id, e.id FROM change_events e
           JOIN subscriptions s INDEXED BY subscriptions_target ON s.kind = 'apartment'
             AND s.target_id = e.living_object_id AND s.confirmed_at IS NOT NULL AND e.id > s.from_event_id
         WHERE e.id > ?1 AND e.id <= ?2 AND e.kind IN ('price', 'reserved', 'sold', 'on_sale')`,
      )
      .bind(from, to),
    db
      .prepare(
        `INSERT OR IGNORE INTO deliveries (subscription_id, event_id)
         SELECT s.id, e.id FROM change_events e
           JOIN subscriptions s INDEXED BY subscriptions_target ON s.kind = 'complex' AND s.target_id = e.complex_id
             AND s.confirmed_at IS NOT NULL AND e.id > s.from_event_id
         WHERE e.id > ?1 AND e.id <= ?2 AND e.kind IN ('sales_start', 'deadline', 'published')`,
      )
      .bind(from, to),
  ];
}

export const advanceCursorStatement = (db: D1Database, to: number) =>
  db.prepare("UPDATE alert_cursor SET last_event_id = max(last_event_id, ?1) WHERE id = 1").bind(to);

/** A change waiting for its letter, with what the letter shows of it. */
export interface PendingChangeRow {
  subscription_id: number;
  subscriber_id: number;
  frequency: Frequency;
  subscription_name: string;
  subscription_kind: FollowKind;
  target: string;
  event_id: number;
  event_kind: string;
  old_value: number | null;
  new_value: number | null;
  at: string;
  complex_id: number;
  complex_name: string | null;
  complex_slug: string | null;
  house_name: string | null;
  living_object_id: number | null;
  rooms: number | null;
  area_total: number | null;
  floor: number | null;
  plan: string | null;
  price: number | null;
}

/** A change's row from `d`, a set of (subscription_id, event_id). */
const CHANGES_OF = (d: string) => `SELECT s.id AS subscription_id, s.subscriber_id, s.frequency,
    s.name AS subscription_name, s.kind AS subscription_kind, s.target, e.id AS event_id, e.kind AS event_kind,
    e.old_value, e.new_value, e.at, e.complex_id, rc.name AS complex_name, rc.slug AS complex_slug,
    h.name AS house_name, e.living_object_id, lo.rooms, lo.area_total, lo.floor, lo.plan, lo.price
  FROM ${d} d
    JOIN subscriptions s ON s.id = d.subscription_id
    JOIN change_events e ON e.id = d.event_id
    LEFT JOIN residential_complexes rc ON rc.id = e.complex_id
    LEFT JOIN houses h ON h.id = e.house_id
    LEFT JOIN living_objects lo ON lo.id = e.living_object_id`;
const CHANGES_FROM = CHANGES_OF("deliveries");

/**
 * A subscription `s` is due at ?1: instant ones always, daily ones a day after their last letter (or their
 * confirmation), weekly ones a week after.
 */
const DUE = `(s.frequency = 'instant'
  OR coalesce(s.last_letter_at, s.confirmed_at) <= strftime('%Y-%m-%dT%H:%M:%fZ', ?1,
    CASE s.frequency WHEN 'daily' THEN '-1 day' ELSE '-7 days' END))`;

/**
 * The subscribers with changes not yet in a letter in a due subscription, by id, at most `limit`: the walk of the
 * subscriptions by subscriber stops at the limit, each probing the unsent deliveries' index (no sort of them).
 */
export async function listDueSubscribers(db: D1Database, now: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT s.subscriber_id AS id FROM subscriptions s
       WHERE ${DUE} AND EXISTS (SELECT 1 FROM deliveries d WHERE d.subscription_id = s.id AND d.letter_id IS NULL)
       ORDER BY s.subscriber_id LIMIT ?2`,
    )
    .bind(now, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/**
 * One subscriber's changes not yet in a letter, in its due subscriptions: every one's ids (what its letter
 * covers), and the newest `shown` of each subscription with what a letter says of them, newest first.
 */
export async function listDueChangesOf(
  db: D1Database,
  subscriberId: number,
  now: string,
  shown: number,
): Promise<{ pending: { subscription_id: number; event_id: number }[]; rows: PendingChangeRow[] }> {
  const pending = `SELECT d.subscription_id, d.event_id,
      row_number() OVER (PARTITION BY d.subscription_id ORDER BY d.event_id DESC) AS n
    FROM subscriptions s JOIN deliveries d ON d.subscription_id = s.id AND d.letter_id IS NULL
    WHERE s.subscriber_id = ?2 AND ${DUE}`;
  // The ids first: a change matched between the two reads is in neither this letter nor its marks.
  const [ids, rows] = await db.batch([
    db.prepare(`SELECT subscription_id, event_id FROM (${pending})`).bind(now, subscriberId),
    db
      .prepare(`${CHANGES_OF(`(${pending})`)} WHERE d.n <= ?3 ORDER BY e.id DESC`)
      .bind(now, subscriberId, shown),
  ]);
  const pendingIds = (ids?.results ?? []) as { subscription_id: number; event_id: number }[];
  const known = new Set(pendingIds.map((p) => `${p.subscription_id}:${p.event_id}`));
  return {
    pending: pendingIds,
    rows: ((rows?.results ?? []) as PendingChangeRow[]).filter((r) =>
      known.has(`${r.subscription_id}:${r.event_id}`),
    ),
  };
}

/** The changes of one saved search that are in its letters, newest first (its Atom feed). */
export async function listSubscriptionChanges(
  db: D1Database,
  subscriptionId: number,
  limit: number,
): Promise<PendingChangeRow[]> {
  const { results } = await db
    .prepare(
      `${CHANGES_FROM}
       WHERE d.subscription_id = ?1 ORDER BY e.id DESC LIMIT ?2`,
    )
    .bind(subscriptionId, limit)
    .all<PendingChangeRow>();
  return results;
}

/** A followed complex's name, or null when it is not published. */
export async function getComplexName(db: D1Database, id: number): Promise<string | null> {
  const row = await db
    .prepare("SELECT name FROM residential_complexes WHERE id = ?1 AND is_published = 1")
    .bind(id)
    .first<{ name: string }>();
  return row?.name ?? null;
}

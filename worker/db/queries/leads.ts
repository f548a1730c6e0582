export interface LeadInsert {
  idempotencyKey: string;
  kind: string;
  complexId: number;
  livingObjectId: number | null;
  name: string;
  phone: string;
  callTime: string;
  consentVersion: string;
  ip: string;
  /** Also the consent's time: the buyer ticked it in the request being stored. */
  createdAt: string;
}

/**
 * Stores a request once, with its complex's developer. Nothing is written when the complex does not exist, the
 * apartment is not in it, or the key is already stored. Returns the new id, or null when nothing was written.
 */
export async function insertLead(db: D1Database, l: LeadInsert): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO leads (idempotency_key, kind, complex_id, living_object_id, developer_id, name, phone, call_time,
         consent_version, consent_at, ip, created_at)
       SELECT ?1, ?2, rc.id, ?4, rc.developer_id, ?5, ?6, ?7, ?8, ?10, ?9, ?10
       FROM residential_complexes rc
       WHERE rc.id = ?3
         AND (?4 IS NULL OR EXISTS (SELECT 1 FROM living_objects lo WHERE lo.id = ?4 AND lo.complex_id = rc.id))
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
    )
    .bind(
      l.idempotencyKey,
      l.kind,
      l.complexId,
      l.livingObjectId,
      l.name,
      l.phone,
      l.callTime,
      l.consentVersion,
      l.ip,
      l.createdAt,
    )
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function getLeadIdByKey(db: D1Database, key: string): Promise<number | null> {
  const row = await db
    .prepare("SELECT id FROM leads WHERE idempotency_key = ?1")
    .bind(key)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Marks requests as handed to the queue. */
export async function markLeadsQueued(db: D1Database, ids: number[], at: string): Promise<void> {
  await db
    .prepare("UPDATE leads SET queued_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids), at)
    .run();
}

/** The outbox: requests stored before `before` and never handed to the queue, oldest first. */
export async function listUnqueuedLeads(db: D1Database, before: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT id FROM leads WHERE queued_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2")
    .bind(before, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** A stored request, with its complex. */
interface LeadRow {
  id: number;
  kind: string;
  complex_name: string;
  complex_slug: string;
  living_object_id: number | null;
  name: string;
  phone: string;
  call_time: string;
  consent_version: string;
  consent_at: string;
  created_at: string;
  delivery: string;
}

export interface LeadDeliveryRow extends LeadRow {
  idempotency_key: string;
  complex_id: number;
  webhook_url: string | null;
  webhook_secret: string | null;
}

/** A request as its developer's webhook gets it. */
export function getLeadForDelivery(db: D1Database, id: number): Promise<LeadDeliveryRow | null> {
  return db
    .prepare(
      `SELECT l.id, l.idempotency_key, l.kind, l.complex_id, rc.name AS complex_name, rc.slug AS complex_slug,
         l.living_object_id, l.name, l.phone, l.call_time, l.consent_version, l.consent_at, l.created_at,
         l.delivery, c.lead_webhook_url AS webhook_url, c.lead_webhook_secret AS webhook_secret
       FROM leads l
       JOIN residential_complexes rc ON rc.id = l.complex_id
       JOIN companies c ON c.id = l.developer_id
       WHERE l.id = ?1`,
    )
    .bind(id)
    .first<LeadDeliveryRow>();
}

/**
 * Takes the request for one delivery try: only when it is not delivered or finished and no other consumer holds
 * it (its lease ran out). Counts the try. False when it cannot be taken now.
 */
export async function claimLead(db: D1Database, id: number, now: string, until: string): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE leads SET sending_until = ?3, attempts = attempts + 1
       WHERE id = ?1 AND delivery IN ('pending', 'retrying') AND (sending_until IS NULL OR sending_until < ?2)
       RETURNING id`,
    )
    .bind(id, now, until)
    .first<{ id: number }>();
  return row !== null;
}

export type DeliveryOutcome = "retrying" | "delivered" | "dead" | "no_webhook";

/** The outcome of a try; the lease ends with it. A delivered request stays delivered; a dead one keeps its error. */
export async function recordLeadDelivery(
  db: D1Database,
  id: number,
  outcome: DeliveryOutcome,
  at: string,
  error: string | null,
): Promise<void> {
  await db
    .prepare(
      `UPDATE leads SET delivery = ?2, last_error = CASE WHEN ?2 = 'dead' THEN last_error ELSE ?4 END,
         sending_until = NULL,
         delivered_at = CASE WHEN ?2 = 'delivered' THEN ?3 ELSE delivered_at END
       WHERE id = ?1 AND delivery != 'delivered'`,
    )
    .bind(id, outcome, at, error)
    .run();
}

export interface LeadListRow extends LeadRow {
  developer_name: string;
  queued_at: string | null;
  attempts: number;
  last_error: string | null;
  delivered_at: string | null;
  handled_at: string | null;
}

/** The newest requests first, for the operator. */
export async function listLeads(db: D1Database, limit: number): Promise<LeadListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.kind, rc.name AS complex_name, rc.slug AS complex_slug, l.living_object_id,
         c.name AS developer_name, l.name, l.phone, l.call_time, l.consent_version, l.consent_at, l.created_at,
         l.queued_at, l.delivery, l.attempts, l.last_error, l.delivered_at, l.handled_at
       FROM leads l
       JOIN residential_complexes rc ON rc.id = l.complex_id
       JOIN companies c ON c.id = l.developer_id
       ORDER BY l.id DESC
       LIMIT ?1`,
    )
    .bind(limit)
    .all<LeadListRow>();
  return results;
}

/** Marks a request handled by the operator (once: the first time stays). False when there is no such request. */
export async function markLeadHandled(db: D1Database, id: number, at: string): Promise<boolean> {
  const row = await db
    .prepare("UPDATE leads SET handled_at = COALESCE(handled_at, ?2) WHERE id = ?1 RETURNING id")
    .bind(id, at)
    .first<{ id: number }>();
  return row !== null;
}

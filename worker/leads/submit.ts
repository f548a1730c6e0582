/**
 * A buyer's request is stored in D1 before it is acknowledged, then handed to the queue. The row is the outbox:
 * when the hand-over fails (the queue is down, or D1 fails to note it), the row stays unqueued and the scheduled
 * job hands it over later; a request handed over twice is posted once (worker/leads/deliver.ts).
 */
import { HTTPException } from "hono/http-exception";
import { COMPANY } from "../../shared/company-info";
import type { LeadSubmission, LeadSubmitResult } from "../../shared/schemas/leads";
import { getLeadIdByKey, insertLead, listUnqueuedLeads, markLeadsQueued } from "../db/queries/leads";
import { logEvent } from "../log";

export type LeadEnv = Pick<Env, "DB" | "LEADS_QUEUE">;

/** A request younger than this may still be on its way to the queue from its own POST. */
const OUTBOX_GRACE_MS = 60_000;
const OUTBOX_BATCH = 100;

/** Hands stored requests to the queue. Never throws: what is not handed over stays in the outbox. */
export async function handOver(env: LeadEnv, ids: number[]): Promise<void> {
  if (!ids.length) return;
  try {
    await env.LEADS_QUEUE.sendBatch(ids.map((id) => ({ body: { id } })));
  } catch (e) {
    logEvent("error", "leads.queue_send_failed", {
      ids,
      message: e instanceof Error ? e.message : String(e),
    });
    return;
  }
  try {
    await markLeadsQueued(env.DB, ids, new Date().toISOString());
  } catch (e) {
    // The messages are in the queue; the scheduled job will send them again and the consumer posts once.
    logEvent("error", "leads.mark_queued_failed", {
      ids,
      message: e instanceof Error ? e.message : String(e),
    });
  }
}

export async function submitLead(env: LeadEnv, input: LeadSubmission, ip: string): Promise<LeadSubmitResult> {
  const id = await insertLead(env.DB, {
    idempotencyKey: input.idempotency_key,
    kind: input.kind,
    complexId: input.complex_id,
    livingObjectId: input.living_object_id ?? null,
    name: input.name,
    phone: input.phone,
    callTime: input.call_time,
    consentVersion: COMPANY.documentsEdition,
    ip,
    createdAt: new Date().toISOString(),
  });
  if (id !== null) {
    await handOver(env, [id]);
    return { id, created: true };
  }
  const existing = await getLeadIdByKey(env.DB, input.idempotency_key);
  if (existing !== null) return { id: existing, created: false };
  throw new HTTPException(400, {
    message:
      input.living_object_id === undefined
        ? "complex_id: Такого жилого комплекса нет"
        : "living_object_id: Такой квартиры в этом жилом комплексе нет",
  });
}

/** The scheduled job's part: hands over what was stored but never queued. */
export async function handOverStoredLeads(env: LeadEnv): Promise<void> {
  const before = new Date(Date.now() - OUTBOX_GRACE_MS).toISOString();
  const ids = await listUnqueuedLeads(env.DB, before, OUTBOX_BATCH);
  if (ids.length) logEvent("info", "leads.outbox", { count: ids.length });
  await handOver(env, ids);
}

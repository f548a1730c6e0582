/**
 * A buyer's request is stored in D1 before it is acknowledged, then handed to the queue. The row is the outbox:
 * when the hand-over fails (the queue is down, or D1 fails to note it), the row stays unqueued and the scheduled
 * job hands it over later; a request handed over twice is posted once (worker/leads/deliver.ts).
 */
import { HTTPException } from "hono/http-exception";
import { COMPANY } from "../../shared/company-info";
import type { LeadSubmission, LeadSubmitResult } from "../../shared/schemas/leads";
import { getLeadIdByKey, insertLead, listUnqueuedLeads, markLeadsQueued } from "../db/queries/leads";
import { handOver, handOverStored, type Outbox } from "../outbox";

export type LeadEnv = Pick<Env, "DB" | "LEADS_QUEUE">;

/** The requests' outbox (worker/outbox.ts). */
const outboxOf = (env: LeadEnv): Outbox => ({
  name: "leads",
  queue: env.LEADS_QUEUE,
  markQueued: (ids, at) => markLeadsQueued(env.DB, ids, at),
  listUnqueued: (before, limit) => listUnqueuedLeads(env.DB, before, limit),
});

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
    await handOver(outboxOf(env), [id]);
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
export const handOverStoredLeads = (env: LeadEnv) => handOverStored(outboxOf(env));

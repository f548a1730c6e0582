/**
 * The leads queue's consumer: posts each request to its developer's webhook, signed, with the request's
 * idempotency key, so a receiver that sees a key twice (our retry after a timeout that it did answer) keeps one.
 * A request is posted by one consumer at a time (a lease in D1) and never after it is delivered; a failed post
 * is retried with a growing delay, and after the last try the queue moves the message to the dead-letter queue,
 * whose consumer marks the request dead for the operator.
 */
import * as v from "valibot";
import { CALL_TIMES, type CallTime, LEAD_KINDS, type LeadKind } from "../../shared/leads";
import { type LeadMessage, LeadMessageSchema } from "../../shared/schemas/leads";
import { hmac } from "../chat/identity";
import {
  claimLead,
  type DeliveryOutcome,
  getLeadForDelivery,
  type LeadDeliveryRow,
  recordLeadDelivery,
} from "../db/queries/leads";
import { configuredOrigin } from "../env";
import { logEvent } from "../log";

/** Tries per message: wrangler.toml's max_retries (5) plus the first. */
export const MAX_ATTEMPTS = 6;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a consumer holds a request while posting it. */
const LEASE_MS = 3 * WEBHOOK_TIMEOUT_MS;

/** 30 s, 1 min, 2 min, 4 min, 8 min… between tries. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);

export interface QueueMessage {
  readonly body: unknown;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}
export interface QueueBatch {
  readonly queue: string;
  readonly messages: readonly QueueMessage[];
}

/** The JSON a developer's webhook receives. */
/** `origin`: the site's configured address (SITE_ORIGIN); unset, the links are paths on the site. */
export function leadPayload(l: LeadDeliveryRow, origin: string) {
  return {
    id: l.id,
    kind: l.kind,
    kind_label: LEAD_KINDS[l.kind as LeadKind],
    complex: { id: l.complex_id, name: l.complex_name, url: `${origin}/novostroyki/${l.complex_slug}/` },
    apartment:
      l.living_object_id === null
        ? null
        : { id: l.living_object_id, url: `${origin}/kvartiry/kvartira-${l.living_object_id}/` },
    name: l.name,
    phone: l.phone,
    call_time: l.call_time,
    call_time_label: CALL_TIMES[l.call_time as CallTime],
    consent: { version: l.consent_version, at: l.consent_at },
    created_at: l.created_at,
  };
}

/** `X-Lead-Signature: sha256=<base64url HMAC-SHA-256 of "<timestamp>.<body>">` with the developer's key. */
export const signLead = (secret: string, timestamp: string, body: string) =>
  hmac(secret, `${timestamp}.${body}`).then((s) => `sha256=${s}`);

async function post(
  l: LeadDeliveryRow,
  url: string,
  origin: string,
  timeoutMs: number,
): Promise<string | null> {
  const body = JSON.stringify(leadPayload(l, origin));
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const res = await fetch(url, {
      method: "POST",
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": l.idempotency_key,
        "X-Lead-Timestamp": timestamp,
        "X-Lead-Signature": await signLead(l.webhook_secret ?? "", timestamp, body),
      },
    });
    await res.body?.cancel();
    return res.ok ? null : `Ответ вебхука: HTTP ${res.status}`;
  } catch (e) {
    return e instanceof Error && e.name === "TimeoutError"
      ? `Вебхук не ответил за ${timeoutMs / 1000} с`
      : `Вебхук недоступен: ${e instanceof Error ? e.message : String(e)}`;
  }
}

async function deliverOne(
  msg: QueueMessage,
  db: Env["DB"],
  origin: string,
  timeoutMs: number,
): Promise<void> {
  const parsed = v.safeParse(LeadMessageSchema, msg.body);
  if (!parsed.success) {
    logEvent("error", "leads.bad_message", { body: msg.body });
    msg.ack();
    return;
  }
  const { id }: LeadMessage = parsed.output;
  const now = new Date();
  const lead = await getLeadForDelivery(db, id);
  if (!lead) {
    msg.ack();
    return;
  }
  if (!(await claimLead(db, id, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))) {
    // Delivered or finished already (ack), or another consumer is posting it right now (try after its lease).
    if (lead.delivery === "pending" || lead.delivery === "retrying") {
      msg.retry({ delaySeconds: LEASE_MS / 1000 });
    } else msg.ack();
    return;
  }
  const record = (outcome: DeliveryOutcome, error: string | null) =>
    recordLeadDelivery(db, id, outcome, new Date().toISOString(), error);
  if (!lead.webhook_url) {
    await record("no_webhook", null);
    msg.ack();
    return;
  }
  const error = await post(lead, lead.webhook_url, origin, timeoutMs);
  if (error === null) {
    await record("delivered", null);
    msg.ack();
    return;
  }
  const last = msg.attempts >= MAX_ATTEMPTS;
  logEvent("error", "leads.delivery_failed", { id, attempt: msg.attempts, last, error });
  await record("retrying", error);
  // After the last try the queue moves the message to the dead-letter queue.
  msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
}

/** The consumer of the leads queue. A failure of D1 retries the message: nothing is dropped. */
export async function deliverLeads(
  batch: QueueBatch,
  env: Pick<Env, "DB" | "SITE_ORIGIN">,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<void> {
  for (const msg of batch.messages) {
    try {
      await deliverOne(msg, env.DB, configuredOrigin(env) ?? "", timeoutMs);
    } catch (e) {
      logEvent("error", "leads.consumer_failed", { message: e instanceof Error ? e.message : String(e) });
      msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    }
  }
}

/** The dead-letter queue's consumer: the request is marked dead, for the operator to call the developer. */
export async function deadLetterLeads(batch: QueueBatch, env: Pick<Env, "DB">): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = v.safeParse(LeadMessageSchema, msg.body);
    try {
      if (parsed.success) {
        await recordLeadDelivery(env.DB, parsed.output.id, "dead", new Date().toISOString(), null);
        logEvent("error", "leads.dead_letter", { id: parsed.output.id });
      }
      msg.ack();
    } catch (e) {
      logEvent("error", "leads.dead_letter_failed", { message: e instanceof Error ? e.message : String(e) });
      msg.retry();
    }
  }
}

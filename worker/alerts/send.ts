/**
 * The letters' outbox (the buyers' requests' pattern, worker/leads): a letter is a D1 row before it is handed to
 * the alerts queue; the consumer sends it through the send_email binding at most once per lease (a lease in D1,
 * never after it is recorded sent; the binding takes no idempotency key, so a send whose record fails is sent
 * again after the lease), with its idempotency key as a header; a failed send is retried with a growing delay and
 * the dead-letter queue's consumer marks it dead; the scheduled job hands over what the queue missed.
 */
import * as v from "valibot";
import {
  claimLetter,
  getLetter,
  listUnqueuedLetters,
  markLettersQueued,
  recordLetterFailed,
  recordLetterSent,
} from "../db/queries/alerts";
import { configuredOrigin } from "../env";
import type { QueueBatch, QueueMessage } from "../leads/deliver";
import { retryDelaySeconds } from "../leads/deliver";
import { logEvent } from "../log";
import { handOver, handOverStored, type Outbox } from "../outbox";
import { ComposeMessage, composeLetters } from "./match";
import { MatchMessage, matchChunk } from "./match-chunk";

/** Tries per letter: wrangler.toml's max_retries (5) plus the first. */
export const MAX_ATTEMPTS = 6;
const LEASE_MS = 60_000;

export type AlertsEnv = Pick<
  Env,
  "DB" | "KV" | "ALERTS_QUEUE" | "SEND_EMAIL" | "SITE_ORIGIN" | "CHAT_SECRET"
>;
type Mailer = Pick<SendEmail, "send">;

const LetterMessage = v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/** The sender: the site's own domain (SITE_ORIGIN). */
export const senderOf = (env: Pick<Env, "SITE_ORIGIN">) =>
  `podpiski@${new URL(configuredOrigin(env) ?? "https://novostroyki.example").hostname}`;

type LettersEnv = Pick<AlertsEnv, "DB" | "ALERTS_QUEUE">;

/** The letters' outbox (worker/outbox.ts). */
const outboxOf = (env: LettersEnv): Outbox => ({
  name: "alerts",
  queue: env.ALERTS_QUEUE,
  markQueued: (ids, at) => markLettersQueued(env.DB, ids, at),
  listUnqueued: (before, limit) => listUnqueuedLetters(env.DB, before, limit),
});

/** Hands stored letters to the queue. Never throws: what is not handed over stays in the outbox. */
export const handOverLetters = (env: LettersEnv, ids: number[]) => handOver(outboxOf(env), ids);

/** The scheduled job's part: hands over the letters stored but never queued. */
export const handOverStoredLetters = (env: LettersEnv) => handOverStored(outboxOf(env));

async function sendOne(msg: QueueMessage, env: AlertsEnv, mailer: Mailer): Promise<void> {
  const parsed = v.safeParse(LetterMessage, msg.body);
  if (!parsed.success) {
    logEvent("error", "alerts.bad_message", { body: msg.body });
    msg.ack();
    return;
  }
  const { id } = parsed.output;
  const now = new Date();
  const letter = await getLetter(env.DB, id);
  // Deleted with its subscriber («Удалить все мои данные»), or sent already.
  if (!letter || letter.status === "sent" || letter.status === "dead") {
    msg.ack();
    return;
  }
  if (!(await claimLetter(env.DB, id, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))) {
    msg.retry({ delaySeconds: LEASE_MS / 1000 });
    return;
  }
  let messageId: string | null;
  try {
    const result = await mailer.send({
      from: { name: "Новостройки", email: senderOf(env) },
      to: letter.email,
      subject: letter.subject,
      text: letter.text,
      html: letter.html,
      headers: {
        ...(JSON.parse(letter.headers) as Record<string, string>),
        "X-Idempotency-Key": letter.idempotency_key,
      },
    });
    messageId = result?.messageId ?? null;
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    const last = msg.attempts >= MAX_ATTEMPTS;
    logEvent("error", "alerts.send_failed", { id, attempt: msg.attempts, last, error });
    await recordLetterFailed(env.DB, id, error, false);
    // After the last try the queue moves the message to the dead-letter queue.
    msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    return;
  }
  try {
    await recordLetterSent(env.DB, id, new Date().toISOString(), messageId);
  } catch (e) {
    // Sent, but D1 did not take the record. The lease is kept (never released as after a failed send): no
    // other try sends the letter before it ends; after it, the letter is sent again. The platform's send takes
    // no idempotency key (X-Idempotency-Key is only a header for the receiving side), so this is at most once
    // per lease, not exactly once; nothing is lost, since the message is retried once the lease is over.
    logEvent("error", "alerts.record_sent_failed", {
      id,
      messageId,
      message: e instanceof Error ? e.message : String(e),
    });
    msg.retry({ delaySeconds: LEASE_MS / 1000 });
    return;
  }
  msg.ack();
}

/**
 * The alerts queue's consumer: letters to send, chunks of the matching (match-chunk.ts), and the next run of
 * letters to make (match.ts composeLetters). `mailer`: the
 * send_email binding unless a test wraps it.
 */
export async function sendLetters(batch: QueueBatch, env: AlertsEnv, mailer: Mailer = env.SEND_EMAIL) {
  for (const msg of batch.messages) {
    try {
      const chunk = v.safeParse(MatchMessage, msg.body);
      if (chunk.success) {
        await matchChunk(env, chunk.output.match);
        msg.ack();
        continue;
      }
      if (v.is(ComposeMessage, msg.body)) {
        await composeLetters(env);
        msg.ack();
        continue;
      }
      await sendOne(msg, env, mailer);
    } catch (e) {
      logEvent("error", "alerts.consumer_failed", { message: e instanceof Error ? e.message : String(e) });
      msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    }
  }
}

/** The dead-letter queue's consumer: the letter is marked dead. */
export async function deadLetters(batch: QueueBatch, env: Pick<Env, "DB">): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = v.safeParse(LetterMessage, msg.body);
    try {
      // A chunk of the matching that failed every try: its changes are not matched for its searches.
      if (v.is(MatchMessage, msg.body)) logEvent("error", "alerts.match_dead", { body: msg.body });
      if (parsed.success) {
        await recordLetterFailed(env.DB, parsed.output.id, "Письмо не отправлено после всех попыток", true);
        logEvent("error", "alerts.dead_letter", { id: parsed.output.id });
      }
      msg.ack();
    } catch (e) {
      logEvent("error", "alerts.dead_letter_failed", { message: e instanceof Error ? e.message : String(e) });
      msg.retry();
    }
  }
}

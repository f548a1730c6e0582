/**
 * From change events to letters. The matching reads the events after its cursor in batches and records each
 * (subscription, event) that matches — a saved search by its filter model's own SQL restricted to the batch's
 * changed apartments (one statement per distinct search, however many share it), run only for the searches whose
 * keys can take one of those apartments (search-keys.ts, in chunks: match-chunk.ts), a followed apartment or
 * complex by id — and moves the cursor. The primary key of deliveries keeps a change to one per subscription,
 * so a batch or chunk matched twice (two runs at once, a retry, the queue's second delivery) adds nothing. Then the changes of
 * due subscriptions become letters: at once for «instant», a digest a day or a week after the last one; one
 * letter per address, grouped by subscription, newest first, never empty.
 */
import * as v from "valibot";
import type { NewSinceAnswer } from "../../shared/alerts";
import { NEW_SINCE_CAP } from "../../shared/constants";
import { ALERTS_PATH } from "../../shared/routes";
import {
  advanceCursorStatement,
  countSearchChanges,
  type Frequency,
  getAlertCursor,
  getSubscriber,
  insertChangesLetter,
  listCandidateTargets,
  listDueChangesOf,
  listDueSubscribers,
  matchFollowedStatements,
  releaseComposeLease,
  takeComposeLease,
} from "../db/queries/alerts";
import { configuredOrigin } from "../env";
import { logEvent } from "../log";
import { changesLetter, type LetterGroup, SHOWN_PER_GROUP } from "./letters";
import { backfillSearchKeys, type MatchChunk, matchChunk, searchCondition } from "./match-chunk";
import { savedSearchOf } from "./saved-search";
import { KEY_COLUMNS } from "./search-keys";
import { type AlertsEnv, handOverLetters } from "./send";
import { signLink } from "./tokens";

/** Events per batch: the candidates of a batch are one query, its followed matches and cursor one transaction. */
export const MATCH_BATCH = 1000;
/** Saved searches per chunk: one D1 batch of their statements (a queue message; ten to a consumer's invocation). */
export const MATCH_CHUNK = 50;
/** Chunks a run matches itself before it hands the rest to the queue. */
const INLINE_CHUNKS = 4;
/**
 * Subscribers whose letters one run makes (each: its subscriber, its changes' two reads, the letter's batch);
 * the rest are the next run's, and each letter shows its subscriptions' newest SHOWN_PER_GROUP changes.
 */
const DUE_SUBSCRIBERS = 100;
/** How long a composing run may hold the lease (a run that dies keeps others out this long at most). */
const COMPOSE_LEASE_MS = 60_000;

/** The queue's message asking for the next run of letters. */
export const ComposeMessage = v.object({ compose: v.literal(true) });
export type ComposeMessage = v.InferOutput<typeof ComposeMessage>;

/**
 * «Новое с вашего прошлого визита»: the changes a saved search (a list page's address) is told of after the
 * event `after` — the same events and the same filter SQL as its letters — and the newest event's id. Null when
 * the address is not a list.
 */
export async function countNewSince(
  env: Pick<Env, "DB" | "KV">,
  address: string,
  after: number,
): Promise<NewSinceAnswer | null> {
  const search = savedSearchOf(address);
  if (!search) return null;
  const where = await searchCondition({ db: env.DB, kv: env.KV, reads: new Map() }, search.target);
  return countSearchChanges(env.DB, where ?? { sql: "0", params: [] }, after, NEW_SINCE_CAP);
}

export interface MatchOptions {
  /** Events per batch. */
  batch?: number;
  /** Saved searches per chunk. */
  chunk?: number;
  /** Chunks matched in this invocation; the rest go to `queue` (all of them here without one). */
  inline?: number;
  queue?: { sendBatch(messages: Iterable<MessageSendRequest>): Promise<unknown> };
}

/**
 * Matches the events after the cursor, a batch at a time: the batch's candidate saved searches (by their keys,
 * one query), their chunks — matched here, or handed to the queue past the first few — then, in one transaction,
 * the followed apartments' and complexes' matches and the cursor. A chunk handed over before a failure is
 * matched again with its batch on the next run: harmless, a change is recorded once per subscription.
 */
export async function matchEvents(
  env: Pick<Env, "DB" | "KV">,
  options: MatchOptions = {},
): Promise<{ events: number; candidates: number; chunks: number; queued: number }> {
  const { batch = MATCH_BATCH, chunk = MATCH_CHUNK, queue } = options;
  let inline = queue ? (options.inline ?? INLINE_CHUNKS) : Number.POSITIVE_INFINITY;
  const db = env.DB;
  const { cursor, last } = await getAlertCursor(db);
  if (last <= cursor) return { events: 0, candidates: 0, chunks: 0, queued: 0 };
  await backfillSearchKeys(env);
  let from = cursor;
  let candidates = 0;
  let chunks = 0;
  let queued = 0;
  while (from < last) {
    const to = Math.min(from + batch, last);
    const targets = await listCandidateTargets(db, KEY_COLUMNS, from, to);
    candidates += targets.length;
    const parts: MatchChunk[] = [];
    for (let i = 0; i < targets.length; i += chunk)
      parts.push({ from, to, targets: targets.slice(i, i + chunk) });
    const here = parts.splice(0, Math.max(0, Math.min(inline, parts.length)));
    inline -= here.length;
    for (const part of here) await matchChunk(env, part);
    // The queue takes at most 100 messages a send.
    for (let i = 0; queue && i < parts.length; i += 100)
      await queue.sendBatch(parts.slice(i, i + 100).map((match) => ({ body: { match } })));
    await db.batch([...matchFollowedStatements(db, from, to), advanceCursorStatement(db, to)]);
    chunks += here.length + parts.length;
    queued += parts.length;
    from = to;
  }
  if (queued) logEvent("info", "alerts.match_queued", { chunks: queued });
  return { events: last - cursor, candidates, chunks, queued };
}

export async function linksOf(
  env: Pick<Env, "SITE_ORIGIN" | "CHAT_SECRET">,
  s: { id: number; token_version: number },
) {
  const origin = configuredOrigin(env) ?? "";
  return {
    origin,
    manageUrl: `${origin}${ALERTS_PATH}?k=${await signLink(env.CHAT_SECRET, "manage", s)}`,
    unsubscribeUrl: `${origin}${ALERTS_PATH}otpiska/?k=${await signLink(env.CHAT_SECRET, "unsubscribe", s)}`,
  };
}

/**
 * The due changes as letters (stored, then handed to the queue), for at most `perRun` subscribers; when there
 * were that many, the run asks the alerts queue for the next (`ComposeMessage`), so a big import's letters go out
 * run after run, not one run per cron. One composer at a time (a lease in D1): a run that finds another at work
 * makes nothing. Answers the letters made. `now`: the time the subscriptions are due by.
 */
export async function composeLetters(
  env: AlertsEnv,
  now = new Date(),
  perRun = DUE_SUBSCRIBERS,
): Promise<number[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(Date.now() + COMPOSE_LEASE_MS).toISOString();
  if (!(await takeComposeLease(env.DB, new Date().toISOString(), leaseUntil))) return [];
  const made: number[] = [];
  let subscribers: number[] = [];
  try {
    subscribers = await listDueSubscribers(env.DB, at, perRun);
    made.push(...(await lettersOf(env, subscribers, at)));
  } finally {
    await releaseComposeLease(env.DB, leaseUntil);
  }
  if (made.length) logEvent("info", "alerts.letters", { count: made.length });
  await handOverLetters(env, made);
  // More may be due: the next run now (not if this one made nothing, which the cron's next run tries again).
  if (subscribers.length === perRun && made.length)
    await env.ALERTS_QUEUE.send({ compose: true } satisfies ComposeMessage);
  return made;
}

/** A letter for each of these subscribers, of its due changes. */
async function lettersOf(env: AlertsEnv, subscribers: number[], at: string): Promise<number[]> {
  const made: number[] = [];
  for (const subscriberId of subscribers) {
    const subscriber = await getSubscriber(env.DB, subscriberId);
    if (!subscriber?.confirmed_at) continue;
    const { pending, rows } = await listDueChangesOf(env.DB, subscriberId, at, SHOWN_PER_GROUP);
    // Nothing to show (another run lettered them between the two reads): no letter, never an empty one.
    if (!pending.length || !rows.length) continue;
    const totals = new Map<number, number>();
    for (const p of pending) totals.set(p.subscription_id, (totals.get(p.subscription_id) ?? 0) + 1);
    const links = await linksOf(env, subscriber);
    const groups = new Map<number, LetterGroup & { frequency: Frequency }>();
    for (const c of rows) {
      const g = groups.get(c.subscription_id) ?? {
        name: c.subscription_name,
        searchUrl:
          c.subscription_kind === "search" && savedSearchOf(c.target) ? `${links.origin}${c.target}` : null,
        changes: [],
        total: totals.get(c.subscription_id) ?? 0,
        frequency: c.frequency,
      };
      g.changes.push(c);
      groups.set(c.subscription_id, g);
    }
    const list = [...groups.values()].sort(
      (a, b) => (b.changes[0]?.event_id ?? 0) - (a.changes[0]?.event_id ?? 0),
    );
    const digest = list.some((g) => g.frequency !== "instant");
    const letter = changesLetter({ digest, groups: list, links });
    const lastEvent = Math.max(...pending.map((c) => c.event_id));
    const id = await insertChangesLetter(
      env.DB,
      {
        subscriberId,
        kind: digest ? "digest" : "alert",
        idempotencyKey: `changes:${subscriberId}:${lastEvent}:${pending.length}`,
        ...letter,
        at,
      },
      pending,
    );
    if (id !== null) made.push(id);
  }
  return made;
}

/**
 * The scheduled job's alerts: match the new changes (a big import's chunks through the queue), then make the due
 * letters (of what is matched so far; the queued chunks' matches go into the next run's).
 */
export async function runAlerts(env: AlertsEnv): Promise<void> {
  await matchEvents(env, { queue: env.ALERTS_QUEUE });
  await composeLetters(env);
}

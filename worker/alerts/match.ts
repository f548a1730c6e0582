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
import { ALERTS_PATH, NEW_SINCE_CAP, type NewSinceAnswer } from "../../shared/alerts";
import {
  advanceCursorStatement,
  countSearchChanges,
  type Frequency,
  getAlertCursor,
  getSubscriber,
  insertChangesLetter,
  listCandidateTargets,
  listDueChanges,
  matchFollowedStatements,
  type PendingChangeRow,
} from "../db/queries/alerts";
import { configuredOrigin } from "../env";
import { logEvent } from "../log";
import { changesLetter, type LetterGroup } from "./letters";
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
const DUE_LIMIT = 5000;

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

/** The due changes as letters (stored, then handed to the queue). Answers the letters made. */
export async function composeLetters(env: AlertsEnv, now = new Date()): Promise<number[]> {
  const rows = await listDueChanges(env.DB, now.toISOString(), DUE_LIMIT);
  const bySubscriber = new Map<number, PendingChangeRow[]>();
  for (const r of rows) bySubscriber.set(r.subscriber_id, [...(bySubscriber.get(r.subscriber_id) ?? []), r]);
  const made: number[] = [];
  for (const [subscriberId, changes] of bySubscriber) {
    const subscriber = await getSubscriber(env.DB, subscriberId);
    if (!subscriber?.confirmed_at) continue;
    const links = await linksOf(env, subscriber);
    const groups = new Map<number, LetterGroup & { frequency: Frequency }>();
    for (const c of changes) {
      const g = groups.get(c.subscription_id) ?? {
        name: c.subscription_name,
        searchUrl:
          c.subscription_kind === "search" && savedSearchOf(c.target) ? `${links.origin}${c.target}` : null,
        changes: [],
        frequency: c.frequency,
      };
      g.changes.push(c);
      groups.set(c.subscription_id, g);
    }
    const list = [...groups.values()].sort(
      (a, b) => (b.changes[0]?.event_id ?? 0) - (a.changes[0]?.event_id ?? 0),
    );
    const letter = changesLetter({
      digest: list.some((g) => g.frequency !== "instant"),
      groups: list,
      links,
    });
    const lastEvent = Math.max(...changes.map((c) => c.event_id));
    const id = await insertChangesLetter(
      env.DB,
      {
        subscriberId,
        kind: list.some((g) => g.frequency !== "instant") ? "digest" : "alert",
        idempotencyKey: `changes:${subscriberId}:${lastEvent}:${changes.length}`,
        ...letter,
        at: now.toISOString(),
      },
      changes,
    );
    if (id !== null) made.push(id);
  }
  if (made.length) logEvent("info", "alerts.letters", { count: made.length });
  await handOverLetters(env, made);
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

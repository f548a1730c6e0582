/**
 * From change events to letters. The matching reads the events after its cursor in batches and records, in one
 * transaction per batch, each (subscription, event) that matches — a saved search by its filter model's own SQL
 * restricted to the batch's changed apartments (one statement per distinct search, however many share it), a
 * followed apartment or complex by id — and moves the cursor. The primary key of deliveries keeps a change to
 * one per subscription, so a batch matched twice (two runs at once, a retry) adds nothing. Then the changes of
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
  listDueChanges,
  listSearchTargets,
  matchFollowedStatements,
  matchSearchStatement,
  type PendingChangeRow,
} from "../db/queries/alerts";
import { configuredOrigin } from "../env";
import { resolvePlace } from "../loaders/complexes";
import { logEvent } from "../log";
import { changesLetter, type LetterGroup } from "./letters";
import { savedSearchOf, savedSearchWhere } from "./saved-search";
import { type AlertsEnv, handOverLetters } from "./send";
import { signLink } from "./tokens";

/** Events per batch: the statements of one batch are one D1 transaction. */
export const MATCH_BATCH = 1000;
const DUE_LIMIT = 5000;

/**
 * Each saved search's condition, its place resolved as its page resolves it (a location page's place to its
 * ids); a target that no longer reads as a list, or names a place that is gone, is kept and matches nothing.
 */
async function searchConditions(env: Pick<Env, "DB" | "KV">) {
  const deps = { db: env.DB, kv: env.KV, reads: new Map() };
  const out: { target: string; where: ReturnType<typeof savedSearchWhere> }[] = [];
  for (const target of await listSearchTargets(env.DB)) {
    const where = await searchCondition(deps, target);
    if (where) out.push({ target, where });
  }
  return out;
}

/** One saved search's condition, or null when its address no longer reads as a list or names a gone place. */
async function searchCondition(deps: Parameters<typeof resolvePlace>[0], target: string) {
  const saved = savedSearchOf(target)?.saved;
  if (saved?.model === "catalogue") {
    const filter = await resolvePlace(deps, saved.filter);
    return filter ? savedSearchWhere({ model: "catalogue", filter }) : null;
  }
  return saved ? savedSearchWhere(saved) : null;
}

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

export async function matchEvents(
  env: Pick<Env, "DB" | "KV">,
  batch = MATCH_BATCH,
): Promise<{ events: number }> {
  const db = env.DB;
  const { cursor, last } = await getAlertCursor(db);
  if (last <= cursor) return { events: 0 };
  const conditions = await searchConditions(env);
  let from = cursor;
  while (from < last) {
    const to = Math.min(from + batch, last);
    const searches = conditions.map((s) => matchSearchStatement(db, s.where, s.target, from, to));
    await db.batch([...matchFollowedStatements(db, from, to), ...searches, advanceCursorStatement(db, to)]);
    from = to;
  }
  return { events: last - cursor };
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

/** The scheduled job's alerts: match the new changes, then make the due letters. */
export async function runAlerts(env: AlertsEnv): Promise<void> {
  await matchEvents(env);
  await composeLetters(env);
}

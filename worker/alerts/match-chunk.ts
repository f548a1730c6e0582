/**
 * One chunk of the matching (docs/decisions/0021-matching-at-scale.md): a few candidate saved searches against
 * the events in (from, to], each by its filter model's own SQL, in one D1 batch. The scheduled job runs the
 * first chunks of a run itself and hands the rest to the alerts queue, whose consumer runs them here; a chunk
 * run twice records nothing twice (the deliveries' primary key). Also where a saved search's keys are written.
 */
import * as v from "valibot";
import { DestinationProblem } from "../../shared/transit/destination";
import {
  listUnkeyedTargets,
  matchSearchStatement,
  storeSearchKeys,
  type TargetKeys,
} from "../db/queries/alerts";
import { resolvePlace } from "../loaders/complexes";
import { savedSearchOf, savedSearchWhere } from "./saved-search";
import { columnsOf, searchKeys } from "./search-keys";

type Deps = Parameters<typeof resolvePlace>[0];
const depsOf = (env: Pick<Env, "DB" | "KV">): Deps => ({ db: env.DB, kv: env.KV, reads: new Map() });

/** A saved search's filter with its place resolved as its page resolves it; null when it is no list or its place is gone. */
export async function resolvedSearch(deps: Deps, target: string) {
  const saved = savedSearchOf(target)?.saved;
  if (saved?.model === "catalogue") {
    const filter = await resolvePlace(deps, saved.filter).catch((e: unknown) => {
      // A commute's point beyond a walk from every station (the stations changed since): gone, as a place.
      if (e instanceof DestinationProblem) return null;
      throw e;
    });
    return filter ? { model: "catalogue" as const, filter } : null;
  }
  return saved ?? null;
}

/** One saved search's condition, or null when its address no longer reads as a list or names a gone place. */
export async function searchCondition(deps: Deps, target: string) {
  const saved = await resolvedSearch(deps, target);
  return saved ? savedSearchWhere(saved) : null;
}

/**
 * Writes the keys of these saved searches. One that no longer reads as a list or whose place is gone gets none:
 * it stays a candidate of every batch and its own SQL answers as before (nothing).
 */
export async function writeSearchKeys(
  env: Pick<Env, "DB" | "KV">,
  targets: readonly string[],
): Promise<void> {
  const deps = depsOf(env);
  const entries: TargetKeys[] = [];
  for (const target of targets) {
    const saved = await resolvedSearch(deps, target);
    const keys = saved ? searchKeys(saved) : [];
    entries.push({ target, keys, cols: columnsOf(keys) });
  }
  await storeSearchKeys(env.DB, entries);
}

/** Keys written per run for searches stored before they existed (migration 0026). */
const BACKFILL = 500;

/** The scheduled job's part: the keys of saved searches that have none yet, a few hundred a run. */
export async function backfillSearchKeys(env: Pick<Env, "DB" | "KV">): Promise<number> {
  const targets = await listUnkeyedTargets(env.DB, BACKFILL);
  await writeSearchKeys(env, targets);
  return targets.length;
}

export const MatchChunk = v.object({
  from: v.pipe(v.number(), v.integer(), v.minValue(0)),
  to: v.pipe(v.number(), v.integer(), v.minValue(0)),
  targets: v.array(v.string()),
});
export type MatchChunk = v.InferOutput<typeof MatchChunk>;

/** The alerts queue's message of a chunk (a letter's message is `{ id }`). */
export const MatchMessage = v.object({ match: MatchChunk });

/** Records the matches of the chunk's saved searches among its events, in one D1 batch. */
export async function matchChunk(env: Pick<Env, "DB" | "KV">, chunk: MatchChunk): Promise<number> {
  const deps = depsOf(env);
  const statements: D1PreparedStatement[] = [];
  for (const target of chunk.targets) {
    const where = await searchCondition(deps, target);
    if (where) statements.push(matchSearchStatement(env.DB, where, target, chunk.from, chunk.to));
  }
  if (statements.length) await env.DB.batch(statements);
  return statements.length;
}

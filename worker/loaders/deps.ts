import { imageHostsOf } from "../image-proxy";

/** What a loader may use: the database and the cache, and the reads its request has made already. */
export interface Deps {
  db: D1Database;
  kv: KVNamespace;
  /** The image proxy's allow-list (IMAGE_HOSTS): a remote picture is shown only from these hosts. */
  imageHosts?: readonly string[];
  /** This request's reads (see `once`), by read and arguments. */
  reads: Map<unknown, Map<string, Promise<unknown>>>;
}

/**
 * The reads of each request's database: a page resolves its keys in-process with the request's env, so its
 * loaders share one map. A database that is not a request's (a scheduled task's) shares nothing.
 */
const requestReads = new WeakMap<object, Deps["reads"]>();

/** Marks `db` as one request's database (worker/db/session.ts): its loaders share their reads. */
export function shareReads(db: D1Database): void {
  requestReads.set(db, new Map());
}

/** In a request, env.DB is the request's D1 session (worker/db/session.ts): a visitor reads their own writes. */
export const depsOf = (env: Env): Deps => ({
  db: env.DB,
  kv: env.KV,
  imageHosts: imageHostsOf(env),
  reads: requestReads.get(env.DB) ?? new Map(),
});

/**
 * A read run once per request and arguments: the keys of one page that need the same rows (a complex's row for
 * the complex, its similar complexes and its apartments) share one query. For reads only: a write in the same
 * request would not be seen by a read made before it.
 */
export function once<A extends unknown[], R>(
  deps: Deps,
  read: (db: D1Database, ...args: A) => Promise<R>,
  ...args: A
): Promise<R> {
  const byArgs = deps.reads.get(read) ?? new Map<string, Promise<unknown>>();
  deps.reads.set(read, byArgs);
  const key = JSON.stringify(args);
  let result = byArgs.get(key) as Promise<R> | undefined;
  if (!result) {
    result = read(deps.db, ...args);
    byArgs.set(key, result);
  }
  return result;
}

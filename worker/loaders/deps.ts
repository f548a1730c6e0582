import { imageHostsOf } from "../image-proxy";

/** What a loader may use: the database and the cache, nothing request-specific. */
export interface Deps {
  db: D1Database;
  kv: KVNamespace;
  /** The image proxy's allow-list (IMAGE_HOSTS): a remote picture is shown only from these hosts. */
  imageHosts?: readonly string[];
}

/** In a request, env.DB is the request's D1 session (worker/db/session.ts): a visitor reads their own writes. */
export const depsOf = (env: Env): Deps => ({ db: env.DB, kv: env.KV, imageHosts: imageHostsOf(env) });

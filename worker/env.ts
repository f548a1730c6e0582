import type { D1Database, ExecutionContext, KVNamespace } from "@cloudflare/workers-types/latest";

/** The static-assets binding, typed with the DOM's Request/Response that Hono uses. */
export interface AssetsFetcher {
  fetch(input: Request | string): Promise<Response>;
}

export interface Env {
  DB: D1Database;
  KV: KVNamespace;
  ASSETS: AssetsFetcher;
  ENVIRONMENT: string;
}

export interface RequestInfo {
  nonce: string;
  isBot: boolean;
  ip: string;
  requestId: string;
}

export type AppEnv = { Bindings: Env; Variables: RequestInfo };
export type { ExecutionContext };

import type { D1Database, ExecutionContext, KVNamespace, Queue } from "@cloudflare/workers-types/latest";
import type { LeadMessage } from "../shared/schemas/leads";
import type { DirectoryApi } from "./chat/protocol";

/** The static-assets binding, typed with the DOM's Request/Response that Hono uses. */
export interface AssetsFetcher {
  fetch(input: Request | string): Promise<Response>;
}

/** A Durable Object namespace: stubs by name, with RPC methods T and fetch in the DOM's types. */
export interface ObjectNamespace<T = object> {
  getByName(name: string): T & { fetch(request: Request): Promise<Response> };
}

export interface Env {
  DB: D1Database;
  KV: KVNamespace;
  ASSETS: AssetsFetcher;
  ENVIRONMENT: string;
  /** The site's phone number (E.164, «+74951204567»): the header's call link and the complex pages. */
  SITE_PHONE: string;
  /** Buyers' requests on their way to the developers' webhooks (worker/leads). */
  LEADS_QUEUE: Queue<LeadMessage>;
  /** Comma-separated hosts whose images the proxy may fetch (imported feeds' image servers). */
  IMAGE_HOSTS?: string;
  /** The site's public origin, «https://…» without a path; unset: the request's own origin. */
  SITE_ORIGIN?: string;
  /** The web-analytics counter's id (worker/analytics.ts); unset or empty: no analytics at all. */
  ANALYTICS_COUNTER_ID?: string;
  CHAT_CONVERSATION: ObjectNamespace;
  CHAT_DIRECTORY: ObjectNamespace<DirectoryApi>;
  /** Secrets (wrangler secret put; locally .dev.vars): the chat cookies' HMAC key, the operator's token. */
  CHAT_SECRET?: string;
  OPERATOR_TOKEN?: string;
}

export interface RequestInfo {
  nonce: string;
  isBot: boolean;
  ip: string;
  requestId: string;
  /**
   * Set when rendering the page reported an error after its status was sent (a part that threw, or the render
   * timeout): the HTML is whole but some of it fell back, so the edge cache must not keep it.
   */
  renderFailed?: boolean;
}

export type AppEnv = { Bindings: Env; Variables: RequestInfo };
export type { ExecutionContext };

/** The configured SITE_ORIGIN when it is an http(s) origin, else null. */
export function configuredOrigin(env: Pick<Env, "SITE_ORIGIN">): string | null {
  const configured = env.SITE_ORIGIN ? URL.parse(env.SITE_ORIGIN) : null;
  return configured && /^https?:$/.test(configured.protocol) ? configured.origin : null;
}

/** The site's public origin: the configured one, else the origin of the request. */
export function siteOrigin(env: Pick<Env, "SITE_ORIGIN">, requestUrl: string): string {
  return configuredOrigin(env) ?? new URL(requestUrl).origin;
}

/**
 * What the worker's Hono app carries per request, besides the CSP nonce (hono/secure-headers) and the request
 * id (hono/request-id). The bindings' type, `Env`, is generated from wrangler.toml
 * with the Workers runtime's types (`npx wrangler types worker/worker-configuration.d.ts`).
 */
export interface RequestInfo {
  isBot: boolean;
  /** The server's guess that the screen is a phone's (worker/security.ts narrowScreen). */
  narrow: boolean;
  ip: string;
  /**
   * Set when rendering the page reported an error after its status was sent (a part that threw, or the render
   * timeout): the HTML is whole but some of it fell back, so the edge cache must not keep it.
   */
  renderFailed?: boolean;
}

export type AppEnv = { Bindings: Env; Variables: RequestInfo };

/** The configured SITE_ORIGIN when it is an http(s) origin, else null. */
export function configuredOrigin(env: Pick<Env, "SITE_ORIGIN">): string | null {
  const configured = env.SITE_ORIGIN ? URL.parse(env.SITE_ORIGIN) : null;
  return configured && /^https?:$/.test(configured.protocol) ? configured.origin : null;
}

/** The site's public origin: the configured one, else the origin of the request. */
export function siteOrigin(env: Pick<Env, "SITE_ORIGIN">, requestUrl: string): string {
  return configuredOrigin(env) ?? new URL(requestUrl).origin;
}

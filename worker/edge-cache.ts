/**
 * Edge cache of the catalogue pages' HTML (home, listings, location pages, complex pages, the map) in the Cache API
 * (`caches.default`): fresh for TTL_S, then served stale for up to STALE_S while one background request
 * renders the page again (stale-while-revalidate, which the Cache API does not do by itself): the page's own
 * handler, in the stale visit's request, after its answer (none of the app's middleware runs twice).
 *
 * Variants never mix: the key holds the build, the variant (human, advertising visit with utm_* or fp=1,
 * bot), the screen the server guessed (a phone's or not: the map's first view is drawn to it) and the full URL. Cached HTML carries the nonce of the request that rendered it; a hit replaces that
 * nonce with the new request's, which the security middleware then puts into the CSP header, so every
 * response still has its own nonce. Only complete 200 HTML responses without cookies, whose render reported no
 * error while streaming (c.var.renderFailed), are stored.
 * Bots are cached too, under their own variant (they get the complete document, without ads or chat).
 *
 * What a page holds beyond its URL: for people, the ad-UTM state (shared/ads.ts adStateOf: the reduced page
 * without is_real tgb for fp=1 with a campaign link), which the URL alone decides and which lives in the "ad"
 * variant; for bots, no ads at all. A stored page keeps the ads drawn for the request that rendered it, so
 * one copy shows one draw for its minute; the ads call (/api/v1/adverts) draws afresh on every request.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchRoute, type PageId } from "../shared/routes";
import type { AppEnv } from "./env";
import { nonceOf, visitorJson, visitorOf } from "./security";
import { BUILD } from "./ssr/assets";

export const TTL_S = 60;
const STALE_S = 300;
const CACHED_PAGES: ReadonlySet<PageId> = new Set([
  "home",
  "listing",
  "location-type",
  "location",
  "complex",
  "map",
]);
/** Internal headers of a stored response, never sent to the visitor. */
const NONCE_HEADER = "X-Edge-Nonce";
/** The visitor's addresses in the stored page's boot data, replaced by the new visitor's on a hit. */
const VISITOR_HEADER = "X-Edge-Visitor";
const STORED_HEADER = "X-Edge-Stored";

export type Variant = "human" | "ad" | "bot";

const cache = () => caches.default;

function variantOf(url: URL, isBot: boolean): Variant {
  if (isBot) return "bot";
  const ad =
    url.searchParams.get("fp") === "1" || [...url.searchParams.keys()].some((k) => k.startsWith("utm_"));
  return ad ? "ad" : "human";
}

/** The cache key: a build, a variant or a screen can never be read for another. */
export function edgeCacheKey(url: URL, variant: Variant, narrow: boolean): Request {
  const screen = narrow ? "narrow" : "wide";
  return new Request(`${url.origin}/__edge/${BUILD}/${variant}/${screen}${url.pathname}${url.search}`);
}

/** The stored copy of a page: its HTML, its nonce and when it was rendered. */
export function storedPage(html: BodyInit, nonce: string, storedAt: number, visitor = ""): Response {
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": `public, max-age=${TTL_S + STALE_S}`,
      [NONCE_HEADER]: nonce,
      [VISITOR_HEADER]: visitor,
      [STORED_HEADER]: String(storedAt),
    },
  });
}

/** Keys being rendered again in this isolate: one background render per stale page, not one per visit. */
const pending = new Set<string>();

function isCacheable(res: Response): boolean {
  return (
    res.status === 200 &&
    !!res.body &&
    (res.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !res.headers.has("Set-Cookie")
  );
}

async function fromCache(c: Context<AppEnv>, hit: Response, state: "HIT" | "STALE"): Promise<Response> {
  const old = hit.headers.get(NONCE_HEADER) ?? "";
  const oldVisitor = hit.headers.get(VISITOR_HEADER) ?? "";
  let html = await hit.text();
  if (old) html = html.replaceAll(old, nonceOf(c));
  // Another visitor's addresses never leave with the page (the names are part of the fragment).
  if (oldVisitor) html = html.replace(oldVisitor, visitorJson(visitorOf(c)));
  return new Response(html, {
    headers: {
      "Content-Type": hit.headers.get("Content-Type") ?? "text/html; charset=utf-8",
      "X-Cache": state,
    },
  });
}

/**
 * Keeps a rendered page once it has streamed whole, unless a part of its render failed meanwhile
 * (c.var.renderFailed); `res` is the cache's own copy.
 */
function store(c: Context<AppEnv>, key: Request, res: Response, renderedAt: number): Promise<void> {
  // The bytes as they are: decoding the page to a string and encoding it again for the copy cost a rendered
  // listing more than a millisecond (docs/decisions/0011-react-node-build-streamed.md).
  return res
    .arrayBuffer()
    .then((html) =>
      c.get("renderFailed")
        ? undefined
        : cache().put(key, storedPage(html, nonceOf(c), renderedAt, visitorJson(visitorOf(c)))),
    )
    .catch(() => undefined);
}

/**
 * The cache in front of the page handler; `render` is that handler, called again in the background for a
 * stale page.
 */
export function edgeCache(render: (c: Context<AppEnv>) => Promise<Response>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const page = matchRoute(url.pathname, url.search)?.route.page;
    if (!page || !CACHED_PAGES.has(page)) return next();
    const key = edgeCacheKey(url, variantOf(url, c.get("isBot")), c.get("narrow"));
    const now = Date.now();
    // A visitor's hard reload (Cache-Control: no-cache) renders the page and stores it.
    if (!/no-cache/i.test(c.req.header("Cache-Control") ?? "")) {
      const hit = await cache()
        .match(key)
        .catch(() => undefined);
      if (hit) {
        const fresh = now - Number(hit.headers.get(STORED_HEADER)) <= TTL_S * 1000;
        if (!fresh && !pending.has(key.url)) {
          pending.add(key.url);
          c.executionCtx.waitUntil(
            render(c)
              .then((res) => (isCacheable(res) ? store(c, key, res, Date.now()) : res.body?.cancel()))
              .catch(() => undefined)
              .finally(() => pending.delete(key.url)),
          );
        }
        return fromCache(c, hit, fresh ? "HIT" : "STALE");
      }
    }
    await next();
    if (!isCacheable(c.res)) return;
    c.res.headers.set("X-Cache", "MISS");
    c.executionCtx.waitUntil(store(c, key, c.res.clone(), now));
  };
}

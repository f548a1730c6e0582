/** Page requests: match the route, resolve the page's API keys in-process, stream the HTML. */
import type { Context } from "hono";
import { PAGES } from "../client/pages";
import { AD_PAGES, adStateOf } from "../shared/ads";
import { API_BASE, apiKeys } from "../shared/api-keys";
import type { BootData } from "../shared/boot";
import { canonicalSearch } from "../shared/filters/canonical";
import { sameQuery } from "../shared/filters/fields";
import { MENUS } from "../shared/menu";
import { type DataKeys, type PageData, presentKeys } from "../shared/page-data";
import { matchRoute, type PageId, type RouteMatch } from "../shared/routes";
import { NO_AD_STATE } from "../shared/schemas/ads";
import type { LeadFormState } from "../shared/schemas/leads";
import { analyticsCounter } from "./analytics";
import { api, type KeyResult } from "./api";
import { dataOf, inProcessRequest } from "./api/json";
import { type AppEnv, siteOrigin } from "./env";
import { logError } from "./log";
import { nonceOf, visitorOf } from "./security";
import { errorPageFailed, type RenderInput, renderPage } from "./ssr/render";

/** Calls the API app in-process (no subrequest): the same handlers and loaders the client's fetch reaches. */
async function resolveKey(c: Context<AppEnv>, key: string): Promise<KeyResult> {
  // The API app's own routes start after the /api/v1 mount point.
  const url = new URL(key.slice(API_BASE.length), c.req.url);
  const req = inProcessRequest(url, {
    headers: { Accept: "application/json", "Path-Visited": new URL(c.req.url).pathname },
  });
  const res = await api.fetch(req, c.env, c.executionCtx);
  return { key, status: res.status, data: await dataOf(res) };
}

/**
 * A 301 of its own, not c.redirect: the edge cache renders a stale page again after the visit's response is
 * out, and c.redirect would set the Location header on that response's context.
 */
const movedTo = (location: string) => new Response(null, { status: 301, headers: { Location: location } });

/** The answers of named keys, by name. */
function answersOf(keys: DataKeys, byKey: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, key && byKey[key]]));
}

/**
 * The page's status from its data (SPEC §8): a missing item or a URL that fails validation (400) is the 404
 * page; any other error keeps its own status (a 429, a 503, a 500).
 */
export function statusOf(results: readonly { status: number }[]): number {
  const failed = results.filter((r) => r.status >= 400).map((r) => (r.status === 400 ? 404 : r.status));
  if (failed.includes(404)) return 404;
  return failed[0] ?? 200;
}

type Render = (input: RenderInput, onError: (e: unknown) => void) => Promise<Response>;

/** The error page's state: no data, no ads. */
const errorBoot = (c: Context<AppEnv>, status: number): BootData => ({
  fallback: {},
  status,
  ...visitorOf(c),
  isBot: c.get("isBot"),
  narrow: c.get("narrow"),
  ad: NO_AD_STATE,
  nonce: nonceOf(c),
  origin: siteOrigin(c.env, c.req.url),
  phone: c.env.SITE_PHONE,
  menus: MENUS,
});

/** The error page in the empty layout; if that fails too, the static last-resort page. */
export async function renderErrorPage(
  c: Context<AppEnv>,
  status: number,
  render: Render = renderPage,
): Promise<Response> {
  try {
    return await render(
      {
        url: new URL(c.req.url),
        page: null,
        boot: errorBoot(c, status),
        nonce: nonceOf(c),
        analytics: analyticsCounter(c.env, c.get("isBot")),
        waitForAll: true,
      },
      (e) => logError(c, e),
    );
  } catch (e) {
    logError(c, e);
    return errorPageFailed();
  }
}

export function handlePage(c: Context<AppEnv>): Promise<Response> {
  return renderRoute(c);
}

/** The request page's form after its POST without JavaScript, and the status to answer with. */
export interface FormOutcome {
  lead: LeadFormState;
  status: number;
}

/** What a page's data decides instead of the page: a move to another URL, or an error page's status. */
type Instead = { moved: string } | { status: number };

/** The page of the request's URL; `form` is what a POST to it came back with (worker/leads/form.ts). */
export async function renderRoute(c: Context<AppEnv>, form?: FormOutcome): Promise<Response> {
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname, url.search);
  if (!match) return renderErrorPage(c, 404);
  // A filter form submitted without JavaScript (or a hand-made URL) moves to the page's canonical address:
  // no empty, default, malformed or repeated filter values (the order of the parameters aside).
  const search = canonicalSearch(match);
  if (search !== null && !sameQuery(new URLSearchParams(search), url.searchParams)) {
    return movedTo(`${url.pathname}${search}`);
  }
  const isBot = c.get("isBot");
  const page: PageId = match.route.page;
  // The page's module declares its data (shared/page-data.ts); the render needs the module anyway.
  const data = (await PAGES[page].preload()).data;
  const render = (boot: BootData) =>
    renderPage(
      { url, page, boot, nonce: nonceOf(c), analytics: analyticsCounter(c.env, isBot), waitForAll: isBot },
      (e) => {
        c.set("renderFailed", true);
        logError(c, e);
      },
    );
  const boot = await pageBoot(c, match, data, url, form);
  if (!("fallback" in boot)) {
    return "moved" in boot ? movedTo(boot.moved) : renderErrorPage(c, boot.status);
  }
  const res = await render(boot);
  // The page itself renders as a page (boot.status 200); the answer to the form's POST says how it went.
  return form ? new Response(res.body, { status: form.status, headers: res.headers }) : res;
}

/** The page's data and the visit's state, or where its data sends the visitor instead. */
async function pageBoot(
  c: Context<AppEnv>,
  match: RouteMatch,
  data: PageData | undefined,
  url: URL,
  form?: FormOutcome,
): Promise<BootData | Instead> {
  // Server-side start (SPEC §4): a person's visit gets its ad-UTM state and the page's ads; a bot neither,
  // only the page's content.
  const isBot = c.get("isBot");
  const ad = isBot ? NO_AD_STATE : adStateOf(url);
  const adsKey = !isBot && AD_PAGES.has(match.route.page) ? apiKeys.adverts(ad.has_adv_utm) : null;
  const keys = data?.keys(match) ?? {};
  // Keys that need the first answers start as soon as the answers they need are in, not after all of them:
  // `more` is asked again after each first answer (the complex page's developer's other complexes need only
  // the complex, not its similar complexes). Only the keys it names once every answer is in are kept.
  const answered: Record<string, unknown> = {};
  const later = new Map<string, Promise<KeyResult>>();
  const startLater = () => {
    for (const key of presentKeys(data?.more?.(match, answersOf(keys, answered)) ?? {})) {
      if (!later.has(key)) later.set(key, resolveKey(c, key));
    }
  };
  const first = (key: string) =>
    resolveKey(c, key).then((r) => {
      if (r.status === 200) {
        answered[key] = r.data;
        startLater();
      }
      return r;
    });
  const askedKey = data?.asked?.(match);
  const [results, ads, menu, asked] = await Promise.all([
    Promise.all(presentKeys(keys).map(first)),
    adsKey ? resolveKey(c, adsKey) : null,
    resolveKey(c, apiKeys.menuAmounts()),
    askedKey ? resolveKey(c, askedKey) : null,
  ]);
  // The visitor's own words refused (400) are the page's to say; any other failure is the page's status.
  const status = statusOf(asked && asked.status !== 400 ? [...results, asked] : results);
  if (status === 404) {
    // A URL that names something else than this page's (an article as a journal's category) moves there.
    const other = data?.elsewhere?.(match, answersOf(keys, answered));
    const found = other && (await resolveKey(c, other.key));
    const path = found?.status === 200 ? other?.path(found.data) : null;
    if (path && path !== url.pathname) return { moved: `${path}${url.search}` };
  }
  if (status !== 200) return { status };
  const fallback: Record<string, unknown> = Object.fromEntries(results.map((r) => [r.key, r.data]));
  if (asked) fallback[asked.key] = asked.data;
  // A URL whose text differs from the canonical one for the same id (a renamed complex) moves there.
  const canonical = data?.canonical?.(match, answersOf(keys, fallback));
  if (canonical && canonical !== url.pathname) return { moved: `${canonical}${url.search}` };
  // Data that needs the first answers; a failure here only leaves it to the client.
  const more = presentKeys(data?.more?.(match, answersOf(keys, fallback)) ?? {});
  for (const r of await Promise.all(more.map((key) => later.get(key) ?? resolveKey(c, key)))) {
    if (r.status === 200) fallback[r.key] = r.data;
  }
  // The ads and the menu's amounts are extras: a page whose ads or amounts failed goes on without them.
  for (const extra of [ads, menu]) if (extra?.status === 200) fallback[extra.key] = extra.data;
  return {
    fallback,
    status,
    ...visitorOf(c),
    isBot,
    narrow: c.get("narrow"),
    ad,
    nonce: nonceOf(c),
    origin: siteOrigin(c.env, c.req.url),
    phone: c.env.SITE_PHONE,
    menus: MENUS,
    // The page's own state for this visit; the form's state after its POST in its place.
    ...data?.visit?.(),
    ...(form ? { lead: form.lead } : {}),
  };
}

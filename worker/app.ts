import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requestId } from "hono/request-id";
import { appendTrailingSlash } from "hono/trailing-slash";
import { isbot } from "isbot";
import { ALERTS_PATH } from "../shared/routes";
import { alertsPages } from "./alerts/routes";
import { api } from "./api";
import { handleArt } from "./art";
import { chatApi, chatSockets } from "./chat/routes";
import { handleConstructionCorrection, handleConstructionPage } from "./construction/operator";
import { d1Sessions } from "./db/session";
import { edgeCache } from "./edge-cache";
import type { AppEnv } from "./env";
import { onApiNotFound, onError, onNotFound } from "./errors";
import { handleFeedsPage } from "./feeds/operator";
import { handleImage } from "./image-proxy";
import { handleLeadForm } from "./leads/form";
import { handleLeadHandled, handleLeadsPage } from "./leads/operator";
import { handlePage } from "./pages";
import { clientIp, narrowScreen, securityHeaders } from "./security";
import { robotsTxt, sitemapFile, sitemapIndex } from "./seo-files";
import { handleTopBanner } from "./top-banner";

export const app = new Hono<AppEnv>();

/** What the other middleware and the handlers read about the request (the security headers' directives too). */
const requestFacts = createMiddleware<AppEnv>(async (c, next) => {
  c.set("isBot", isbot(c.req.header("User-Agent") ?? ""));
  c.set("narrow", narrowScreen(c.req.raw.headers));
  c.set("ip", clientIp(c.req.raw.headers));
  await next();
});

/**
 * Pages differ for bots (no ads, complete document) and for phones (the map's first view is drawn to a phone's
 * frame): caches must key on the user agent and its mobile hint. The response is copied, since an asset's or
 * a cached response's headers cannot change.
 */
const varyByUserAgent = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = new Response(c.res.body, c.res);
  if (res.headers.get("Content-Type")?.startsWith("text/html"))
    res.headers.append("Vary", "User-Agent, Sec-CH-UA-Mobile");
  c.res = res;
});

app.use(requestFacts);
app.use(securityHeaders);
// Cloudflare's ray id names the request in the logs and the X-Request-Id header.
app.use(requestId({ generator: (c) => c.req.header("CF-Ray") ?? crypto.randomUUID() }));
// Runs after the ones above on the way out: its copy is what the security headers and the request id set on.
app.use(varyByUserAgent);

// Every page's address ends with a slash: a GET without one gets a 301 to the slashed address, query kept (the
// Location is absolute, so "//host/x" stays on this site). The API and files keep theirs.
app.use(
  appendTrailingSlash({
    alwaysRedirect: true,
    skip: (path) => path.startsWith("/api") || /\.[a-z0-9]{1,8}$/i.test(path),
  }),
);

app.use("*", d1Sessions);

app.route("/api/v1/chat", chatApi);
app.route("/chat", chatSockets);
app.route("/api/v1", api);
app.route("/api-dev/v1", api);
// Anything else under /api matches no method: a JSON 404, never the HTML page below.
app.all("/api/*", onApiNotFound);
app.all("/api-dev/*", onApiNotFound);

app.get("/img/", handleImage);
// A group: Hono 4.13 reads three bare alternatives unanchored («/skylines/…» matched «skyline»).
app.get("/:kind{(?:facade|skyline|plan)}/:version/:file", handleArt);
app.get("/operator/feeds/", handleFeedsPage);
app.get("/operator/stroyka/", handleConstructionPage);
app.post("/operator/stroyka/:house/", handleConstructionCorrection);
app.get("/operator/leads/", handleLeadsPage);
app.post("/operator/leads/:id/handled/", handleLeadHandled);
app.post("/zayavka/", handleLeadForm);
app.route(ALERTS_PATH, alertsPages);
app.get("/banners/top/", handleTopBanner);

app.get("/favicon.svg", async (c) => {
  const res = await c.env.ASSETS.fetch(c.req.raw);
  const out = new Response(res.body, res);
  out.headers.set("Cache-Control", "public, max-age=86400");
  return out;
});

app.get("/robots.txt", robotsTxt);
app.get("/sitemap.xml", sitemapIndex);
app.get("/sitemaps/:file", sitemapFile);

// Catalogue pages' HTML is cached at the edge; a stale page is rendered again by its handler.
app.get("*", edgeCache(handlePage), handlePage);

app.notFound(onNotFound);
app.onError(onError);

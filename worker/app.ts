import { Hono } from "hono";
import { isbot } from "isbot";
import { ANALYTICS_ORIGIN, analyticsCounter } from "./analytics";
import { api } from "./api";
import { handleArt } from "./art";
import { chatApi, chatSockets } from "./chat/routes";
import { d1Sessions } from "./db/session";
import { edgeCache } from "./edge-cache";
import type { AppEnv } from "./env";
import { onApiNotFound, onError, onNotFound } from "./errors";
import { handleFeedsPage } from "./feeds/operator";
import { handleImage } from "./image-proxy";
import { handleLeadForm } from "./leads/form";
import { handleLeadHandled, handleLeadsPage } from "./leads/operator";
import { handlePage } from "./pages";
import { applySecurityHeaders, clientIp, createNonce } from "./security";
import { robotsTxt, sitemapFile, sitemapIndex } from "./seo-files";
import { handleTopBanner } from "./top-banner";

export const app = new Hono<AppEnv>();

app.use("*", async (c, next) => {
  c.set("nonce", createNonce());
  c.set("isBot", isbot(c.req.header("User-Agent") ?? ""));
  c.set("ip", clientIp(c.req.raw.headers));
  c.set("requestId", c.req.header("CF-Ray") ?? crypto.randomUUID());
  await next();
  const res = new Response(c.res.body, c.res);
  const analytics = analyticsCounter(c.env, c.get("isBot")) ? ANALYTICS_ORIGIN : null;
  applySecurityHeaders(res.headers, c.get("nonce"), analytics);
  res.headers.set("X-Request-Id", c.get("requestId"));
  // Pages differ for bots (no ads, complete document): caches must key on the user agent.
  if (res.headers.get("Content-Type")?.startsWith("text/html")) res.headers.append("Vary", "User-Agent");
  c.res = res;
});

// Every route ends with a slash: a path without one gets a 301 to the slashed path, query kept.
app.use("*", async (c, next) => {
  const url = new URL(c.req.url);
  const p = url.pathname;
  const isFile = /\.[a-z0-9]{1,8}$/i.test(p);
  if (
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    !p.endsWith("/") &&
    !isFile &&
    !p.startsWith("/api")
  ) {
    // Leading slashes collapse to one: "//host/x" would redirect off the site.
    return c.redirect(`${p.replace(/^\/{2,}/, "/")}/${url.search}`, 301);
  }
  await next();
});

app.use("*", d1Sessions);

app.route("/api/v1/chat", chatApi);
app.route("/chat", chatSockets);
app.route("/api/v1", api);
app.route("/api-dev/v1", api);
// Anything else under /api matches no method: a JSON 404, never the HTML page below.
app.all("/api/*", onApiNotFound);
app.all("/api-dev/*", onApiNotFound);

app.get("/img/", handleImage);
app.get("/:kind{facade|skyline}/:version/:file", handleArt);
app.get("/operator/feeds/", handleFeedsPage);
app.get("/operator/leads/", handleLeadsPage);
app.post("/operator/leads/:id/handled/", handleLeadHandled);
app.post("/zayavka/", handleLeadForm);
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

// Catalogue pages' HTML is cached at the edge; a stale page is rendered again through the whole app.
app.get(
  "*",
  edgeCache(async (req, c) => app.fetch(req, c.env, c.executionCtx)),
  handlePage,
);

app.notFound(onNotFound);
app.onError(onError);

/**
 * /robots.txt and the sitemap: /sitemap.xml is an index of /sitemaps/{kind}-{n}.xml files, each listing at
 * most SITEMAP_CHUNK URLs (the protocol allows 50 000) as absolute URLs on the site's configured origin
 * (SITE_ORIGIN): a range of the complexes' ids, or a page of a smaller kind (db/queries/sitemap.ts), so what one
 * file costs does not grow with the catalogue (docs/decisions/0022-big-lists-flat.md). An empty file is a 404.
 */
import type { Context } from "hono";
import { listSitemapEntries, SITEMAP_KINDS, summarizeSitemap } from "./db/queries/sitemap";
import { type AppEnv, siteOrigin } from "./env";

export const SITEMAP_CHUNK = 2_000;
const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** Crawlers read these rarely; an hour keeps a crawl of every child from re-running the queries. */
const CACHE_CONTROL = "public, max-age=3600";

const robots = (origin: string) => `User-agent: *
Disallow: /api/
Disallow: /api-dev/
Disallow: /operator/
Disallow: /test-modal/
Disallow: /poisk/
Clean-param: utm_source&utm_medium&utm_campaign&utm_content&utm_term&fp

Sitemap: ${origin}/sitemap.xml
`;

const originOf = (c: Context<AppEnv>) => siteOrigin(c.env, c.req.url);

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function entryXml(tag: "url" | "sitemap", loc: string, lastmod: string | null): string {
  return `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</${tag}>`;
}

function xml(c: Context<AppEnv>, root: "urlset" | "sitemapindex", entries: string[]): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${XMLNS}">\n${entries.join("\n")}\n</${root}>\n`;
  return c.body(body, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": CACHE_CONTROL,
  });
}

export function robotsTxt(c: Context<AppEnv>): Response {
  return c.body(robots(originOf(c)), 200, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": CACHE_CONTROL,
  });
}

export async function sitemapIndex(c: Context<AppEnv>): Promise<Response> {
  const summary = await summarizeSitemap(c.env.DB, SITEMAP_CHUNK);
  const entries = SITEMAP_KINDS.flatMap((kind) =>
    summary[kind].files.map((n) =>
      entryXml("sitemap", `${originOf(c)}/sitemaps/${kind}-${n}.xml`, summary[kind].lastmod),
    ),
  );
  return xml(c, "sitemapindex", entries);
}

export async function sitemapFile(c: Context<AppEnv>): Promise<Response> {
  const m = /^([a-z]+)-([1-9]\d{0,3})\.xml$/.exec(c.req.param("file") ?? "");
  const kind = SITEMAP_KINDS.find((k) => k === m?.[1]);
  if (!m || !kind) return c.notFound();
  const rows = await listSitemapEntries(c.env.DB, kind, SITEMAP_CHUNK, Number(m[2]));
  if (!rows.length) return c.notFound();
  return xml(
    c,
    "urlset",
    rows.map((r) => entryXml("url", `${originOf(c)}${r.path}`, r.lastmod)),
  );
}

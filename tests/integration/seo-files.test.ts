import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCATION_TYPE_DEFS } from "../../shared/location-types";
import { matchRoute } from "../../shared/routes";
import { SITEMAP_CHUNK } from "../../worker/seo-files";
import { get, rows } from "./helpers";

/** The configured public address (wrangler.toml vars). */
const SITE_ORIGIN = env.SITE_ORIGIN;

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const W3C_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * Reads a sitemap document with the grammar of the sitemap schema (the subset we write): the XML declaration,
 * the root in the sitemap namespace, then only entries of one loc and an optional lastmod. Throws otherwise.
 */
function parseSitemap(xml: string, root: "urlset" | "sitemapindex"): { loc: string; lastmod?: string }[] {
  const tag = root === "urlset" ? "url" : "sitemap";
  const doc = new RegExp(
    `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<${root} xmlns="${XMLNS.replace(/\./g, "\\.")}">\\n([\\s\\S]*)\\n</${root}>\\n$`,
  ).exec(xml);
  if (!doc?.[1]) throw new Error(`not a ${root} document`);
  return doc[1].split("\n").map((line) => {
    const m = new RegExp(`^<${tag}><loc>([^<]{1,2048})</loc>(?:<lastmod>([^<]+)</lastmod>)?</${tag}>$`).exec(
      line,
    );
    if (!m?.[1]) throw new Error(`not a ${tag} entry: ${line}`);
    if (m[2] !== undefined && !W3C_DATE.test(m[2])) throw new Error(`lastmod is not a W3C date: ${m[2]}`);
    if (/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/.test(m[1])) throw new Error(`unescaped &: ${m[1]}`);
    return m[2] === undefined ? { loc: m[1] } : { loc: m[1], lastmod: m[2] };
  });
}

async function fetchXml(url: string): Promise<string> {
  expect(url.startsWith(SITE_ORIGIN)).toBe(true);
  const res = await get(url.slice(SITE_ORIGIN.length));
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  return res.text();
}

/** Every URL of every child sitemap, by child. */
async function readAll(): Promise<Map<string, { loc: string; lastmod?: string }[]>> {
  const index = parseSitemap(await fetchXml(`${SITE_ORIGIN}/sitemap.xml`), "sitemapindex");
  const children = new Map<string, { loc: string; lastmod?: string }[]>();
  for (const { loc } of index) children.set(loc, parseSitemap(await fetchXml(loc), "urlset"));
  return children;
}

const paths = (entries: { loc: string }[]) => entries.map((e) => e.loc.slice(SITE_ORIGIN.length));

describe("robots.txt", () => {
  it("allows everything but the API, the operator's console, the modal test page and the site search, and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await res.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines.filter((l) => l.startsWith("Disallow:")).sort()).toEqual([
      "Disallow: /api-dev/",
      "Disallow: /api/",
      "Disallow: /operator/",
      "Disallow: /poisk/",
      "Disallow: /test-modal/",
    ]);
    expect(lines).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
  });
});

describe("sitemap", () => {
  it("is an index whose children list complexes, locations, articles and companies as page URLs", async () => {
    const children = await readAll();
    expect([...children.keys()].map((loc) => loc.slice(SITE_ORIGIN.length)).sort()).toEqual([
      "/sitemaps/companies-1.xml",
      "/sitemaps/complexes-1.xml",
      "/sitemaps/journal-1.xml",
      "/sitemaps/locations-1.xml",
      "/sitemaps/pages-1.xml",
    ]);
    const all = [...children.values()].flat();
    for (const entries of children.values()) expect(entries.length).toBeLessThan(50_000);
    expect(new Set(all.map((e) => e.loc)).size).toBe(all.length);
    for (const path of paths(all)) expect(matchRoute(path), path).not.toBeNull();

    const complexes = await env.DB.prepare(
      "SELECT slug FROM residential_complexes WHERE is_published = 1",
    ).all<{ slug: string }>();
    const complexPaths = paths(children.get(`${SITE_ORIGIN}/sitemaps/complexes-1.xml`) ?? []);
    expect(complexPaths.sort()).toEqual(complexes.results.map((r) => `/novostroyki/${r.slug}/`).sort());
    expect(paths(children.get(`${SITE_ORIGIN}/sitemaps/pages-1.xml`) ?? [])).toContain("/");
  });

  it("lists all ten location types and exactly their places that have complexes", async () => {
    const locations = paths((await readAll()).get(`${SITE_ORIGIN}/sitemaps/locations-1.xml`) ?? []);
    for (const type of Object.keys(LOCATION_TYPE_DEFS)) {
      expect(locations).toContain(`/${type}/`);
      const items = locations.filter((p) => p.startsWith(`/${type}/`) && p !== `/${type}/`);
      expect(items.length, type).toBeGreaterThan(0);
    }
    const metro = await env.DB.prepare(
      `SELECT s.slug, EXISTS (SELECT 1 FROM complex_stations cs JOIN residential_complexes rc
         ON rc.id = cs.complex_id AND rc.is_published = 1 WHERE cs.station_id = s.id) AS has
       FROM subway_stations s WHERE s.kind = 'metro'`,
    ).all<{ slug: string; has: number }>();
    const listed = new Set(locations.filter((p) => p.startsWith("/po-metro/")));
    for (const s of metro.results) expect(listed.has(`/po-metro/${s.slug}/`), s.slug).toBe(s.has === 1);
    // A station's page is the МЦК's or the МЦД's, never the metro's, for stations of those kinds.
    const mcc = await env.DB.prepare(
      "SELECT slug FROM subway_stations WHERE kind = 'mcc' AND slug NOT IN (SELECT slug FROM subway_stations WHERE kind = 'metro')",
    ).all<{ slug: string }>();
    for (const s of mcc.results) expect(listed.has(`/po-metro/${s.slug}/`)).toBe(false);
  });

  it("lists articles under their categories with their publication date as lastmod", async () => {
    const journal = (await readAll()).get(`${SITE_ORIGIN}/sitemaps/journal-1.xml`) ?? [];
    const posts = await env.DB.prepare(
      `SELECT '/journal/' || c.slug || '/' || p.slug || '/' AS path, p.published_at
       FROM media_posts p JOIN media_categories c ON c.id = p.category_id`,
    ).all<{ path: string; published_at: string }>();
    expect(posts.results.length).toBeGreaterThan(0);
    const byPath = new Map(journal.map((e) => [e.loc.slice(SITE_ORIGIN.length), e.lastmod]));
    for (const p of posts.results) expect(byPath.get(p.path)).toBe(p.published_at.slice(0, 10));
    const categories = await env.DB.prepare("SELECT slug FROM media_categories").all<{ slug: string }>();
    for (const c of categories.results) expect(byPath.has(`/journal/${c.slug}/`), c.slug).toBe(true);
    expect(byPath.has("/journal/")).toBe(true);
  });

  it("lists every company under its type", async () => {
    const companies = paths((await readAll()).get(`${SITE_ORIGIN}/sitemaps/companies-1.xml`) ?? []);
    const rows = await env.DB.prepare("SELECT slug, type FROM companies").all<{
      slug: string;
      type: string;
    }>();
    for (const r of rows.results) {
      expect(companies).toContain(
        `/companies/${r.type === "developer" ? "developers" : "agencies"}/${r.slug}/`,
      );
    }
  });

  it("serves a page of each child, and a 404 for a child past the last or of an unknown kind", async () => {
    for (const path of [
      "/sitemaps/complexes-2.xml",
      "/sitemaps/unknown-1.xml",
      "/sitemaps/complexes-0.xml",
      "/sitemaps/complexes-1.xml.gz",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const children = await readAll();
    for (const entries of children.values()) {
      const sample = entries[entries.length - 1];
      if (!sample) throw new Error("empty child sitemap");
      const res = await get(sample.loc.slice(SITE_ORIGIN.length));
      expect(res.status, sample.loc).toBe(200);
    }
  });

  it("splits the complexes by id into files of at most SITEMAP_CHUNK URLs that together list each published one once", async () => {
    const published = () =>
      rows<{ id: number; slug: string }>(
        "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY id",
      );
    // Copies of a complex under new slugs up to past three files' ids, one in ten withdrawn and the whole third
    // range withdrawn: the files' borders, the published filter and a range with nothing to list all show.
    const before = (await published()).length;
    const [{ top } = { top: 0 }] = await rows<{ top: number }>(
      "SELECT max(id) AS top FROM residential_complexes",
    );
    const columns = (
      await rows<{ name: string }>("SELECT name FROM pragma_table_info('residential_complexes')")
    )
      .map((c) => c.name)
      .filter((name) => name !== "id");
    const value = (name: string) =>
      ({
        slug: "slug || '-kopiya-' || n.i",
        feed_key: "NULL",
        is_published: "CASE n.i % 10 WHEN 3 THEN 0 ELSE 1 END",
      })[name] ?? name;
    await env.DB.prepare(
      `INSERT INTO residential_complexes (${columns.join(", ")})
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         SELECT ${columns.map(value).join(", ")} FROM n
         CROSS JOIN (SELECT * FROM residential_complexes WHERE is_published = 1 ORDER BY id LIMIT 1)`,
    )
      .bind(3 * SITEMAP_CHUNK + 10 - top)
      .run();
    await env.DB.prepare("UPDATE residential_complexes SET is_published = 0 WHERE id > ?1 AND id <= ?2")
      .bind(2 * SITEMAP_CHUNK, 3 * SITEMAP_CHUNK)
      .run();
    try {
      const byFile = new Map<number, string[]>();
      for (const r of await published()) {
        const n = Math.ceil(r.id / SITEMAP_CHUNK);
        byFile.set(n, [...(byFile.get(n) ?? []), `/novostroyki/${r.slug}/`]);
      }
      expect([...byFile.keys()]).toEqual([1, 2, 4]);
      const children = await readAll();
      const files = [...children.keys()]
        .map((loc) => loc.slice(SITE_ORIGIN.length))
        .filter((path) => path.startsWith("/sitemaps/complexes-"));
      expect(files).toEqual([
        "/sitemaps/complexes-1.xml",
        "/sitemaps/complexes-2.xml",
        "/sitemaps/complexes-4.xml",
      ]);
      for (const [n, expected] of byFile) {
        const listed = paths(children.get(`${SITE_ORIGIN}/sitemaps/complexes-${n}.xml`) ?? []);
        expect(listed.length).toBeLessThanOrEqual(SITEMAP_CHUNK);
        expect(listed, `complexes-${n}.xml`).toEqual(expected);
      }
      for (const n of [3, 5]) expect((await get(`/sitemaps/complexes-${n}.xml`)).status, String(n)).toBe(404);
    } finally {
      await env.DB.prepare("DELETE FROM residential_complexes WHERE slug LIKE '%-kopiya-%'").run();
    }
    expect((await published()).length).toBe(before);
  });
});

/**
 * The URLs of the sitemap, by kind: each kind is one SELECT of (path, lastmod) that the sitemap files page
 * through. lastmod is the date a row really changed, where the data knows it (articles); NULL otherwise.
 */
import { LOCATION_TYPES } from "../../../shared/constants";
import { LOCATION_TYPE_DEFS, type LocationApi } from "../../../shared/locations";
import { COMPANY_LISTED } from "./companies";

export const SITEMAP_KINDS = ["pages", "complexes", "locations", "journal", "companies"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD or null. */
  lastmod: string | null;
}

type Param = string | number;

/** Pages that are not rows: the home page and the sections without data of their own. */
const STATIC_PATHS = ["/", "/novostroyki/", "/special/", "/mortgage/", "/contacts/"];

/**
 * Per location kind: its table. A place is in the sitemap when it has a published complex, by the same count its
 * list shows beside it and its page reads (location_counts, migration 0016): a place with nothing on sale is not
 * offered to search engines (its page says so and is noindex).
 */
const PLACE_TABLES: Record<LocationApi, string> = {
  subways: "subway_stations",
  districts: "districts",
  highways: "highways",
  localities: "localities",
  regions: "regions",
  "city-areas": "city_areas",
  "mo-districts": "mo_districts",
  railways: "railways",
};

/** D1 allows few terms in one compound SELECT: a longer UNION ALL is nested in groups. */
const COMPOUND_TERMS = 5;
function unionAll(parts: string[]): string {
  if (parts.length <= COMPOUND_TERMS) return parts.join(" UNION ALL ");
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += COMPOUND_TERMS) {
    groups.push(`SELECT * FROM (${parts.slice(i, i + COMPOUND_TERMS).join(" UNION ALL ")})`);
  }
  return unionAll(groups);
}

/** The SELECT of a kind; `params` get numbered ?1, ?2 … in order. */
function source(kind: SitemapKind): { sql: string; params: Param[] } {
  const params: Param[] = [];
  const p = (value: Param) => `?${params.push(value)}`;
  switch (kind) {
    case "pages":
      return {
        sql: `SELECT value AS path, NULL AS lastmod FROM json_each(${p(JSON.stringify(STATIC_PATHS))})
          UNION ALL SELECT '/novostroyki/' || path || '/', NULL FROM seo_filters`,
        params,
      };
    case "complexes":
      return {
        sql: `SELECT '/novostroyki/' || slug || '/' AS path, NULL AS lastmod
          FROM residential_complexes WHERE is_published = 1`,
        params,
      };
    case "locations": {
      const types = `SELECT value AS path, NULL AS lastmod FROM json_each(${p(JSON.stringify(LOCATION_TYPES.map((t) => `/${t}/`)))})`;
      const places = LOCATION_TYPES.map((type) => {
        const def = LOCATION_TYPE_DEFS[type];
        const table = PLACE_TABLES[def.api];
        const scope = [
          def.kind ? ` AND t.kind = ${p(def.kind)}` : "",
          def.region ? ` AND t.region_id = ${p(def.region)}` : "",
        ].join("");
        return `SELECT ${p(`/${type}/`)} || t.slug || '/', NULL FROM ${table} t
          JOIN location_counts lc ON lc.kind = ${p(def.api)} AND lc.location_id = t.id AND lc.complexes > 0
          WHERE 1${scope}`;
      });
      return { sql: unionAll([types, ...places]), params };
    }
    case "journal":
      return {
        sql: `SELECT '/journal/' AS path, substr(max(published_at), 1, 10) AS lastmod FROM media_posts
          UNION ALL SELECT '/journal/' || c.slug || '/', substr(max(p.published_at), 1, 10)
            FROM media_categories c JOIN media_posts p ON p.category_id = c.id GROUP BY c.id
          UNION ALL SELECT '/journal/' || c.slug || '/' || p.slug || '/', substr(p.published_at, 1, 10)
            FROM media_posts p JOIN media_categories c ON c.id = p.category_id`,
        params,
      };
    case "companies":
      return {
        sql: `SELECT '/companies/' AS path, NULL AS lastmod
          UNION ALL SELECT '/companies/developers/', NULL UNION ALL SELECT '/companies/agencies/', NULL
          UNION ALL SELECT '/companies/' || CASE type WHEN 'developer' THEN 'developers' ELSE 'agencies' END
            || '/' || slug || '/', NULL FROM companies c WHERE ${COMPANY_LISTED}`,
        params,
      };
  }
}

/** Per kind: how many URLs it has and its newest lastmod (null where it has no dates), in one round trip. */
export async function summarizeSitemap(
  db: D1Database,
): Promise<Record<SitemapKind, { count: number; lastmod: string | null }>> {
  const results = await db.batch<{ count: number; lastmod: string | null }>(
    SITEMAP_KINDS.map((kind) => {
      const { sql, params } = source(kind);
      return db.prepare(`SELECT count(*) AS count, max(lastmod) AS lastmod FROM (${sql})`).bind(...params);
    }),
  );
  return Object.fromEntries(
    SITEMAP_KINDS.map((kind, i) => [kind, results[i]?.results[0] ?? { count: 0, lastmod: null }]),
  ) as Record<SitemapKind, { count: number; lastmod: string | null }>;
}

/** One page of a kind's URLs, in a stable order. */
export async function listSitemapEntries(
  db: D1Database,
  kind: SitemapKind,
  limit: number,
  offset: number,
): Promise<SitemapEntry[]> {
  const { sql, params } = source(kind);
  const n = params.length;
  const { results } = await db
    .prepare(`SELECT path, lastmod FROM (${sql}) ORDER BY path LIMIT ?${n + 1} OFFSET ?${n + 2}`)
    .bind(...params, limit, offset)
    .all<SitemapEntry>();
  return results;
}

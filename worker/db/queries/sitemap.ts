/**
 * The URLs of the sitemap, by kind, split into files of at most `chunk` URLs. lastmod is the date a row really
 * changed, where the data knows it (articles); NULL otherwise. The complexes, the one kind that grows with the
 * catalogue (24 340 at scale 10), are split by id: file n holds the published complexes with ids in
 * ((n − 1)·chunk, n·chunk], one range of the catalogue's id index (rc_newest; each row's slug read by its rowid), so
 * a file costs the same at any scale and a complex stays in its file; the index lists the ranges that hold one. The
 * other kinds, a few hundred URLs to a few thousand, are pages of one SELECT sorted by path.
 */
import { LOCATION_TYPES } from "../../../shared/constants";
import { LOCATION_TYPE_DEFS, type LocationApi } from "../../../shared/location-types";
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

/** The kinds split into pages of one SELECT sorted by path (the complexes are split by id). */
type PagedKind = Exclude<SitemapKind, "complexes">;

/** The published complexes' URLs, by id (rc_newest), as the complexes' files read them. */
const COMPLEXES = `SELECT '/novostroyki/' || slug || '/' AS path, NULL AS lastmod
  FROM residential_complexes INDEXED BY rc_newest WHERE is_published = 1`;

/** The SELECT of a kind; `params` get numbered ?1, ?2 … in order. */
function source(kind: PagedKind): { sql: string; params: Param[] } {
  const params: Param[] = [];
  const p = (value: Param) => `?${params.push(value)}`;
  switch (kind) {
    case "pages":
      return {
        sql: `SELECT value AS path, NULL AS lastmod FROM json_each(${p(JSON.stringify(STATIC_PATHS))})
          UNION ALL SELECT '/novostroyki/' || path || '/', NULL FROM seo_filters`,
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

/** Per kind: the numbers of its files and its newest lastmod (null where it has no dates), in one round trip. */
export async function summarizeSitemap(
  db: D1Database,
  chunk: number,
): Promise<Record<SitemapKind, { files: number[]; lastmod: string | null }>> {
  const paged = SITEMAP_KINDS.filter((kind): kind is PagedKind => kind !== "complexes");
  const [ranges, ...counts] = await db.batch([
    // The id ranges that hold a published complex: one probe of the index each, not a count of them all.
    db
      .prepare(
        `WITH RECURSIVE r(n) AS (
           SELECT 1 UNION ALL SELECT n + 1 FROM r
           WHERE n * ?1 < (SELECT max(id) FROM residential_complexes INDEXED BY rc_newest WHERE is_published = 1)
         )
         SELECT n AS file FROM r WHERE EXISTS (SELECT 1 FROM residential_complexes INDEXED BY rc_newest
           WHERE is_published = 1 AND id > (n - 1) * ?1 AND id <= n * ?1)`,
      )
      .bind(chunk),
    ...paged.map((kind) => {
      const { sql, params } = source(kind);
      return db.prepare(`SELECT count(*) AS count, max(lastmod) AS lastmod FROM (${sql})`).bind(...params);
    }),
  ]);
  const summary = {
    complexes: { files: ((ranges?.results ?? []) as { file: number }[]).map((r) => r.file), lastmod: null },
  } as Record<SitemapKind, { files: number[]; lastmod: string | null }>;
  paged.forEach((kind, i) => {
    const row = counts[i]?.results[0] as { count: number; lastmod: string | null } | undefined;
    const files = Math.ceil((row?.count ?? 0) / chunk);
    summary[kind] = { files: Array.from({ length: files }, (_, f) => f + 1), lastmod: row?.lastmod ?? null };
  });
  return summary;
}

/**
 * File `file` (from 1) of a kind's URLs, files of `chunk`: the complexes of its id range, in id order; a page
 * of another kind's URLs sorted by path. The same URLs in the same file while nothing changes.
 */
export async function listSitemapEntries(
  db: D1Database,
  kind: SitemapKind,
  chunk: number,
  file: number,
): Promise<SitemapEntry[]> {
  if (kind === "complexes") {
    const { results } = await db
      .prepare(`${COMPLEXES} AND id > ?1 AND id <= ?2 ORDER BY id`)
      .bind((file - 1) * chunk, file * chunk)
      .all<SitemapEntry>();
    return results;
  }
  const { sql, params } = source(kind);
  const n = params.length;
  const { results } = await db
    .prepare(`${sql} ORDER BY path LIMIT ?${n + 1} OFFSET ?${n + 2}`)
    .bind(...params, chunk, (file - 1) * chunk)
    .all<SitemapEntry>();
  return results;
}

export interface CompanyCardRow {
  id: number;
  slug: string;
  type: "developer" | "agency";
  name: string;
  color: string;
  founded_year: number;
  complexes_total: number;
  complexes_building: number;
  complexes_finished: number;
}

export interface CompanyRow extends CompanyCardRow {
  description: string;
  site: string;
  phone: string;
  inn: string;
}

export interface CompanyComplexRow {
  id: number;
  slug: string;
  name: string;
  address: string;
  class: number;
  deadline_year: number;
  deadline_quarter: number;
  is_finished: number;
  min_price: number;
  min_price_m2: number;
  apartments_on_sale: number;
}

/**
 * A developer's complexes, `rc`, by migration 0020's index (developer, published, finished), which answers
 * whether it has a published one and a card's counts without reading a complex's row. Left to itself the planner
 * read them through a covering index on is_published, walking every published complex per developer (scale 10:
 * the 2 040 companies' test 3,1 s, one card's counts 37 ms).
 */
const OF_DEVELOPER = "residential_complexes rc INDEXED BY rc_developer_published";

/**
 * A card's columns, of `companies c`. Its counts are of the published complexes, as the company's page counts
 * them (loaders/companies.ts loadCompany): the stored complexes_* columns count unpublished ones too.
 */
const published = (when: string) =>
  `(SELECT count(*) FROM ${OF_DEVELOPER} WHERE rc.developer_id = c.id AND rc.is_published = 1${when})`;
const CARD_COLUMNS = `c.id, c.slug, c.type, c.name, c.color, c.founded_year, ${published("")} AS complexes_total,
  ${published(" AND rc.is_finished = 0")} AS complexes_building,
  ${published(" AND rc.is_finished = 1")} AS complexes_finished`;

/**
 * A company the catalogue may offer (list, link, put in the sitemap), as `c`: an agency, or a developer with a
 * published complex. A developer with nothing on sale keeps its page (noindex, saying so) but nothing leads to it.
 */
export const COMPANY_LISTED = `(c.type <> 'developer' OR EXISTS (SELECT 1 FROM ${OF_DEVELOPER}
  WHERE rc.developer_id = c.id AND rc.is_published = 1))`;

/** The companies' list version (migration 0027): changed by triggers on every change of who is listed or of a name. */
export async function readCompaniesVersion(db: D1Database): Promise<number> {
  return (
    (await db
      .prepare("SELECT version FROM list_versions WHERE name = 'companies'")
      .first<number>("version")) ?? 0
  );
}

/**
 * The ids and names of the listed companies of a type (all when null) in id order, for sorting and searching by
 * name in JS, with the list version they are of: one statement, so one state of the database (the version's row
 * comes even when no company is listed).
 */
export async function listCompanyNames(
  db: D1Database,
  type: string | null,
): Promise<{ version: number; names: { id: number; name: string }[] }> {
  const { results } = await db
    .prepare(
      `SELECT v.version, c.id, c.name FROM list_versions v
         LEFT JOIN companies c ON (?1 IS NULL OR c.type = ?1) AND ${COMPANY_LISTED}
       WHERE v.name = 'companies' ORDER BY c.id`,
    )
    .bind(type)
    .all<{ version: number; id: number | null; name: string | null }>();
  return {
    version: results[0]?.version ?? 0,
    names: results.flatMap((r) => (r.id === null || r.name === null ? [] : [{ id: r.id, name: r.name }])),
  };
}

/** The cards of the given companies, in no particular order. */
export async function listCompaniesByIds(db: D1Database, ids: number[]): Promise<CompanyCardRow[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(`SELECT ${CARD_COLUMNS} FROM companies c WHERE c.id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<CompanyCardRow>();
  return results;
}

/** By the numeric id or the slug (a text id compares equal to the integer key). */
export function getCompany(db: D1Database, idOrSlug: string): Promise<CompanyRow | null> {
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS}, c.description, c.site, c.phone, c.inn FROM companies c WHERE c.id = ?1 OR c.slug = ?1`,
    )
    .bind(idOrSlug)
    .first<CompanyRow>();
}

/** The id of the company whose id or slug is bound as ?1 (a URL's): a subquery, so a page's reads need not wait for its row. */
export const COMPANY_ID_OF_PARAM = "(SELECT id FROM companies WHERE id = ?1 OR slug = ?1)";

/**
 * The published complexes of a developer, given by its id or slug (so they come in the same round as the
 * company's own row): those under construction first, by deadline, then by name.
 */
export async function listCompanyComplexes(db: D1Database, idOrSlug: string): Promise<CompanyComplexRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, slug, name, address, class, deadline_year, deadline_quarter, is_finished, min_price,
         min_price_m2, apartments_on_sale
       FROM residential_complexes
       WHERE developer_id = ${COMPANY_ID_OF_PARAM} AND is_published = 1
       ORDER BY is_finished, deadline_year, deadline_quarter, name`,
    )
    .bind(idOrSlug)
    .all<CompanyComplexRow>();
  return results;
}

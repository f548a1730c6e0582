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

const CARD_COLUMNS =
  "id, slug, type, name, color, founded_year, complexes_total, complexes_building, complexes_finished";

/** Ids and names of the companies of a type (all when null) in id order, for sorting and searching by name in JS. */
export async function listCompanyNames(
  db: D1Database,
  type: string | null,
): Promise<{ id: number; name: string }[]> {
  const { results } = await db
    .prepare("SELECT id, name FROM companies WHERE ?1 IS NULL OR type = ?1 ORDER BY id")
    .bind(type)
    .all<{ id: number; name: string }>();
  return results;
}

/** The cards of the given companies, in no particular order. */
export async function listCompaniesByIds(db: D1Database, ids: number[]): Promise<CompanyCardRow[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(`SELECT ${CARD_COLUMNS} FROM companies WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<CompanyCardRow>();
  return results;
}

/** By the numeric id or the slug (a text id compares equal to the integer key). */
export function getCompany(db: D1Database, idOrSlug: string): Promise<CompanyRow | null> {
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS}, description, site, phone, inn FROM companies WHERE id = ?1 OR slug = ?1`,
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

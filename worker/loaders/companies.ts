import { companySortName } from "../../shared/companies";
import type { CompaniesGrid, CompaniesQuery, Company, CompanyQuery } from "../../shared/schemas/companies";
import {
  type CompanyCardRow,
  getCompany,
  listCompaniesByIds,
  listCompanyComplexes,
  listCompanyNames,
  readCompaniesVersion,
} from "../db/queries/companies";
import { type DeveloperHousesRow, listDeveloperHouses } from "../db/queries/construction";
import { type Deps, once } from "./deps";
import { offsetOf, onlySort, pageMeta } from "./pagination";

/**
 * SQLite folds only ASCII case, so names are searched here: lower case, «ё» as «е», no quotes, single
 * spaces, on both sides.
 */
const fold = (s: string) =>
  s
    .toLocaleLowerCase("ru-RU")
    .replace(/ё/g, "е")
    .replace(/[«»"„“]/g, "")
    .replace(/\s+/g, " ")
    .trim();

const collator = new Intl.Collator("ru-RU");

interface Ordered {
  id: number;
  /** The name as searched (fold). */
  folded: string;
}

/**
 * Each list's order (all, developers, agencies: three entries at most) as of the list version it was made at
 * (migration 0027, changed by triggers on every change of a name or of who is listed). A request reads only
 * that version beside the cards of its page, where it read and sorted every name (scale 10: 2 040 companies,
 * 21 ms); a new version, or a new isolate, reads the names once and sorts them again.
 */
const orderings = new Map<string, { version: number; order: Ordered[] }>();

/** The companies by name (without the legal form and quotes), then id. */
function byName(rows: { id: number; name: string }[]): Ordered[] {
  return rows
    .map((r) => ({ id: r.id, key: companySortName(r.name), folded: fold(r.name) }))
    .sort((a, b) => collator.compare(a.key, b.key) || a.id - b.id)
    .map(({ id, folded }) => ({ id, folded }));
}

/** The ids of a page of an order and its pagination fields; null past the last page. */
function pageOf(order: Ordered[], needle: string, query: CompaniesQuery) {
  const found = needle ? order.filter((c) => c.folded.includes(needle)) : order;
  const meta = pageMeta(found.length, query, onlySort("name asc"));
  if (!meta) return null;
  const offset = offsetOf(query);
  return { meta, ids: found.slice(offset, offset + query.per_page).map((c) => c.id) };
}

/** Sorted by name (without the legal form and quotes), optionally of a type and matching a name search. */
export async function loadCompanies(deps: Deps, query: CompaniesQuery): Promise<CompaniesGrid | null> {
  const needle = fold(query["search[name]"] ?? "");
  const type = query["search[type]"] ?? null;
  const key = type ?? "";
  const kept = orderings.get(key);
  if (kept) {
    // The page of the order kept, read beside the version (once a request: /companies/ shows two lists): the
    // answer when nothing changed (a change between the two reads is caught by the next request's version).
    const page = pageOf(kept.order, needle, query);
    const [version, cards] = await Promise.all([
      once(deps, readCompaniesVersion),
      listCompaniesByIds(deps.db, page?.ids ?? []),
    ]);
    if (version === kept.version) return page && grid(page, cards);
  }
  const { version, names } = await listCompanyNames(deps.db, type);
  const order = byName(names);
  orderings.set(key, { version, order });
  const page = pageOf(order, needle, query);
  return page && grid(page, await listCompaniesByIds(deps.db, page.ids));
}

/** The cards in the page's order. */
function grid(page: NonNullable<ReturnType<typeof pageOf>>, cards: CompanyCardRow[]): CompaniesGrid {
  const byId = new Map(cards.map((r) => [r.id, r]));
  return { data: page.ids.flatMap((id) => byId.get(id) ?? []), ...page.meta };
}

const sum = (rows: readonly DeveloperHousesRow[]) => rows.reduce((n, r) => n + r.houses, 0);

/** A company with its published complexes; null if unknown or not of the asked type. */
export async function loadCompany(
  deps: Deps,
  idOrSlug: string,
  { type }: CompanyQuery,
): Promise<Company | null> {
  // One round: the complexes and the record are read by the company's id or slug, not after its row.
  const [row, complexes, houses] = await Promise.all([
    getCompany(deps.db, idOrSlug),
    listCompanyComplexes(deps.db, idOrSlug),
    listDeveloperHouses(deps.db, idOrSlug),
  ]);
  if (!row || (type && row.type !== type)) return null;
  const finished = complexes.filter((c) => c.is_finished).length;
  return {
    ...row,
    complexes_total: complexes.length,
    complexes_building: complexes.length - finished,
    complexes_finished: finished,
    residential_complexes: complexes.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      address: c.address,
      class: c.class,
      deadline: { year: c.deadline_year, quarter: c.deadline_quarter, finished: c.is_finished === 1 },
      min_price: c.min_price,
      min_price_m2: c.min_price_m2,
      apartments_on_sale: c.apartments_on_sale,
    })),
    // The record as getDeveloperRecord counts it: finished, and late by more than a quarter.
    record: {
      finished_houses: sum(houses.filter((h) => h.finished)),
      late_houses: sum(houses.filter((h) => h.finished && h.late_quarters > 1)),
    },
    houses: houses.map((h) => ({
      finished: h.finished === 1,
      late_quarters: h.late_quarters,
      moved: h.moved === 1,
      houses: h.houses,
    })),
  };
}

import { companySortName } from "../../shared/companies";
import type { CompaniesGrid, CompaniesQuery, Company, CompanyQuery } from "../../shared/schemas/companies";
import {
  getCompany,
  listCompaniesByIds,
  listCompanyComplexes,
  listCompanyNames,
} from "../db/queries/companies";
import { type DeveloperHousesRow, listDeveloperHouses } from "../db/queries/construction";
import type { Deps } from "./deps";
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
 * The last ordering of each type's companies in this isolate (at most one per type: all, developers, agencies)
 * with the names it was made of: sorting every name with the collator on each request took most of
 * /companies/'s time at scale 10, and the names change only with an import.
 */
const orderings = new Map<string, { names: string; order: Ordered[] }>();

/** The companies by name (without the legal form and quotes), then id; sorted again only when a name changed. */
function byName(type: string | null, rows: { id: number; name: string }[]): Ordered[] {
  const names = rows.map((r) => `${r.id}\u0000${r.name}`).join("\u0001");
  const kept = orderings.get(type ?? "");
  if (kept?.names === names) return kept.order;
  const order = rows
    .map((r) => ({ id: r.id, key: companySortName(r.name), folded: fold(r.name) }))
    .sort((a, b) => collator.compare(a.key, b.key) || a.id - b.id)
    .map(({ id, folded }) => ({ id, folded }));
  orderings.set(type ?? "", { names, order });
  return order;
}

/** Sorted by name (without the legal form and quotes), optionally of a type and matching a name search. */
export async function loadCompanies(deps: Deps, query: CompaniesQuery): Promise<CompaniesGrid | null> {
  const needle = fold(query["search[name]"] ?? "");
  const type = query["search[type]"] ?? null;
  const found = byName(type, await listCompanyNames(deps.db, type)).filter((c) => c.folded.includes(needle));
  const meta = pageMeta(found.length, query, onlySort("name asc"));
  if (!meta) return null;
  const offset = offsetOf(query);
  const ids = found.slice(offset, offset + query.per_page).map((c) => c.id);
  const byId = new Map((await listCompaniesByIds(deps.db, ids)).map((r) => [r.id, r]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []), ...meta };
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

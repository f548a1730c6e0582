/**
 * API keys of a filter (shared/filter-keys.ts): a filter written in the API's newer dialect. They read no field
 * table, so that a page that only builds a key (the favourites' ids, a complex's apartments and the developer's
 * complexes) loads none of the tables, their labels and their parsers.
 */
import { APARTMENT_DEFAULT_SORT, DEFAULT_SORT, PER_PAGE_MAX } from "../constants";
import type { ApartmentQuery } from "./apartments";
import type { CatalogueFilter, ListQuery } from "./catalogue";
import type { Range } from "./fields";

/**
 * The most entries of a list of ids in a filter (stations, districts, developers, houses…): the API answers a
 * longer one with a 400, a page URL keeps the first ones. Each list is bound as one JSON array, so this bounds
 * the work and the URL's length (100 ids of 9 digits: 1 KB), not D1's 100 parameters.
 */
export const ID_LIST_MAX = 100;
/** The most complexes one `search[ids]` filter names (the favourites page reads at most this many). */
export const IDS_MAX = PER_PAGE_MAX;
/** The apartments' API names that are not the field's own: the complex is `search[residential_complex_id]`. */
export const APARTMENT_API_NAMES = { complex: "residential_complex_id" } as const;

/**
 * A filter as an API key writes it: each field under its own name (`search[rooms]`, `search[price][min]` and
 * `…[max]`) or the one `names` gives it, lists sorted so equal filters give equal keys, empty values omitted.
 * Every table's first API name is this name (shared/filters/catalogue.test.ts), so the API reads it back.
 */
export function apiParams(
  filter: Readonly<Record<string, unknown>>,
  names: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    const name = `search[${names[key] ?? key}]`;
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length) out[name] = [...(value as number[])].sort((a, b) => a - b).join(",");
    } else if (typeof value === "object" && value !== null) {
      const r = value as Range;
      if (r.min !== undefined) out[`${name}[min]`] = String(r.min);
      if (r.max !== undefined) out[`${name}[max]`] = String(r.max);
    } else out[name] = value === true ? "1" : String(value);
  }
  return out;
}

/** The filter part of an API key (the map call takes the filter without paging and sort). */
export function filterToApiParams(f: CatalogueFilter): Record<string, string> {
  return apiParams(f);
}

/** The newer dialect's query for an API key: `search[price][min]=…`, lists comma-separated, empties omitted. */
export function filterToApiQuery(q: ListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = filterToApiParams(q.filter);
  if (q.page !== 1) out.page = q.page;
  out.per_page = q.perPage;
  if (q.sort !== DEFAULT_SORT) out.sort = q.sort;
  return out;
}

/** The apartments' query for an API key, like filterToApiQuery. */
export function apartmentFilterToApiQuery(q: ApartmentQuery): Record<string, string | number> {
  const out: Record<string, string | number> = apiParams(q.filter, APARTMENT_API_NAMES);
  if (q.page !== 1) out.page = q.page;
  out.per_page = q.perPage;
  if (q.sort !== APARTMENT_DEFAULT_SORT) out.sort = q.sort;
  return out;
}

/**
 * A saved search is a page of the catalogue's lists by its URL: the listing (its named pages too), a location's
 * page (its place resolved when it is matched), the map, the apartments' lists. Its target is the page's path with its filter written back canonically (no page, no sort),
 * so the same search saved twice is one subscription; its filter is read by the page's own reader and matched
 * with the filter model's own SQL.
 */
import { type ApartmentFilter, apartmentUrlQuery } from "../../shared/filters/apartments";
import {
  type CatalogueFilter,
  filterToUrlQuery,
  mergeFilters,
  readPageQuery,
} from "../../shared/filters/catalogue";
import { locationBase } from "../../shared/listing";
import { apartmentsListQuery, apartmentsView } from "../../shared/page-keys";
import { matchRoute } from "../../shared/routes";
import { namedListingBase } from "../../shared/seo-filters";
import type { Param } from "../db/queries/bind";
import { apartmentMatchWhere } from "../db/queries/complex-filter";
import { apartmentWhere } from "../db/queries/living-objects";

export type SavedFilter =
  | { model: "catalogue"; filter: CatalogueFilter }
  | { model: "apartments"; filter: ApartmentFilter };

export interface SavedSearch {
  /** The path and canonical query: «/novostroyki/?rooms=2&max_price=15000000». */
  target: string;
  saved: SavedFilter;
}

/** The saved search of a list page's address (a path with its query); null when the page is not a list. */
export function savedSearchOf(address: string): SavedSearch | null {
  const url = URL.parse(address, "https://site.invalid");
  if (url?.origin !== "https://site.invalid") return null;
  const pathname = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  const match = matchRoute(pathname, url.search);
  if (!match) return null;
  const page = match.route.page;
  if (page === "listing" || page === "map" || page === "location") {
    const base = page === "map" ? {} : page === "location" ? locationBase(match) : namedListingBase(match);
    if (!base) return null;
    const own = readPageQuery(match.search, 1).filter;
    return {
      target: `${pathname}${filterToUrlQuery(own)}`,
      saved: { model: "catalogue", filter: mergeFilters(base, own) },
    };
  }
  if (page === "apartments") {
    const view = apartmentsView(match);
    if (view.missing !== undefined) return null;
    const filter = apartmentsListQuery(match, view).filter;
    const { complex: _complex, ...own } = filter;
    const ownQuery = apartmentUrlQuery(view.rooms !== undefined ? { ...own, rooms: undefined } : own);
    return { target: `${pathname}${ownQuery}`, saved: { model: "apartments", filter } };
  }
  return null;
}

/** The condition of a saved search on a changed apartment `lo` of complex `rc`, by its filter model's SQL. */
export function savedSearchWhere(saved: SavedFilter): { sql: string; params: Param[] } {
  if (saved.model === "catalogue") return apartmentMatchWhere(saved.filter);
  const w = apartmentWhere(saved.filter);
  return { sql: `${w.sql} AND rc.is_published = 1`, params: w.params };
}

/** What a catalogue page lists, from its URL alone: the page's base filter under the visitor's own choices. */
import { type CatalogueFilter, type ListQuery, mergeFilters, readPageQuery } from "./filters/catalogue";
import type { RouteMatch } from "./routes";
import { findSeoFilter, seoFilterToCatalogue } from "./seo-filters";

export const LISTING_PER_PAGE = 12;
export const HOME_PER_PAGE = 12;

/** The base filter a page stands for: a named listing path or a location; null for an unknown path. */
export function baseFilterOf(match: RouteMatch): CatalogueFilter | null {
  if (match.route.page === "listing") {
    const path = (match.params["*"] ?? "").replace(/\/+$/, "");
    if (!path) return {};
    const seo = findSeoFilter(path);
    return seo ? seoFilterToCatalogue(seo.filter) : null;
  }
  if (match.route.page === "location" && match.params.type && match.params.slug) {
    return { location: `${match.params.type}/${match.params.slug}` };
  }
  return {};
}

/** The visitor's own filter from the query (lenient: malformed values are dropped, never a 400 page). */
export function ownQuery(search: URLSearchParams | string, perPage = LISTING_PER_PAGE): ListQuery {
  return readPageQuery(new URLSearchParams(search), perPage);
}

/** The list a catalogue page shows; null when its path names nothing. */
export function listingQuery(match: RouteMatch): ListQuery | null {
  const base = baseFilterOf(match);
  if (!base) return null;
  const own = ownQuery(match.search, match.route.page === "home" ? HOME_PER_PAGE : LISTING_PER_PAGE);
  return { ...own, filter: mergeFilters(base, own.filter) };
}

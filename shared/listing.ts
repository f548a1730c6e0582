/** What a catalogue page lists, from its URL alone: the page's base filter under the visitor's own choices. */
import { apiKeys } from "./api-keys";
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

/**
 * The filter form's lists for a filter: the deadline years and the SPEC §4 cascade (regions → their localities →
 * their stations). A page with the form declares them in its data, so the form's first render has them.
 */
export function filterFormKeys(base: CatalogueFilter, filter: CatalogueFilter) {
  const regions = filter.regions ?? base.regions;
  return {
    years: apiKeys.completionYears(),
    localities: regions?.length ? apiKeys.locations("localities", { region_id: regions }) : undefined,
    stations: filter.localities?.length
      ? apiKeys.locations("subways", { locality_id: filter.localities })
      : undefined,
  };
}

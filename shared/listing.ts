/** What a catalogue page lists, from its URL alone: the page's base filter under the visitor's own choices. */
import { apiKeys } from "./api-keys";
import { LISTING_PER_PAGE } from "./constants";
import { type CatalogueFilter, type ListQuery, mergeFilters, readPageQuery } from "./filters/catalogue";
import type { RouteMatch } from "./routes";

/** A location page's base filter: its place (a named listing's is shared/seo-filters.ts namedListingBase). */
export function locationBase(match: RouteMatch): CatalogueFilter | null {
  const { type, slug } = match.params;
  return type && slug ? { location: `${type}/${slug}` } : null;
}

/** The last query read, frozen (its callers share it): a page reads its URL's several times a render. */
let last: { search: string; perPage: number; query: ListQuery } | undefined;

/**
 * The visitor's own filter from the query (lenient: malformed values are dropped, never a 400 page). A listing's
 * render read the same query four times (its keys, its list, its form's lists, its own filter): a third of a
 * render slice of a phone at 9× (scripts/profile-client.mjs); the last one read is kept.
 */
export function ownQuery(search: URLSearchParams | string, perPage = LISTING_PER_PAGE): ListQuery {
  const key = String(search).replace(/^\?/, "");
  if (last?.search !== key || last.perPage !== perPage) {
    const query = readPageQuery(new URLSearchParams(key), perPage);
    for (const value of Object.values(query.filter)) if (typeof value === "object") Object.freeze(value);
    Object.freeze(query.filter);
    last = { search: key, perPage, query: Object.freeze(query) };
  }
  return last.query;
}

/** The list a catalogue page shows: its base filter under the URL's; null when its path names nothing. */
export function listingQuery(match: RouteMatch, base: CatalogueFilter | null): ListQuery | null {
  if (!base) return null;
  const own = ownQuery(match.search);
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
    // A commute's destination station (issue 32): its name and line for the form's chosen station.
    commuteTo:
      filter.commute_to === undefined ? undefined : apiKeys.location("subways", String(filter.commute_to)),
  };
}

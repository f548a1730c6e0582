/**
 * The canonical query of a page with a filter form: what its filter, page and sort read as, written back.
 * A form submitted without JavaScript sends every field, empty or not; the worker answers 301 to this.
 */
import type { RouteMatch } from "../routes";
import { canonicalApartmentSearch } from "./apartments";
import { canonicalCatalogueSearch, canonicalUnfilteredSearch } from "./catalogue";
import { queryString, readPaging } from "./fields";

/**
 * The canonical `?query` of a page ("" for none); null for a page with neither a filter nor pages, or one
 * apartment's page. A filter's page is written back with the filter, by the same reader as here.
 */
export function canonicalSearch(match: RouteMatch): string | null {
  return canonicalFilterSearch(match) ?? (match.route.paged ? canonicalPagedSearch(match.search) : null);
}

/**
 * The canonical query of a paged list without a filter (the journal, a company type): its `page` as the
 * filter pages write theirs (none for the first, a malformed one dropped, a padded one plain), the other
 * parameters as they came.
 */
function canonicalPagedSearch(search: URLSearchParams): string {
  const { page } = readPaging((name) => search.get(name), 1, false);
  const own: [string, string][] = page > 1 ? [["page", String(page)]] : [];
  const qs = queryString([...own, ...[...search].filter(([name]) => name !== "page")]);
  return qs ? `?${qs}` : "";
}

function canonicalFilterSearch(match: RouteMatch): string | null {
  switch (match.route.page) {
    case "home":
      // Its list is the catalogue's first page: a filter is the listing's (/novostroyki/?…).
      return canonicalUnfilteredSearch(match.search);
    case "listing":
    case "location":
    case "map":
      return canonicalCatalogueSearch(match.search);
    case "complex":
      return canonicalApartmentSearch(match.search);
    case "apartments":
      return canonicalApartmentSearch(match.search);
    default:
      return null;
  }
}

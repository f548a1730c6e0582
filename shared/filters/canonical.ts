/**
 * The canonical query of a page with a filter form: what its filter, page and sort read as, written back.
 * A form submitted without JavaScript sends every field, empty or not; the worker answers 301 to this.
 */
import type { RouteMatch } from "../routes";
import { canonicalApartmentSearch } from "./apartments";
import { canonicalCatalogueSearch, canonicalUnfilteredSearch } from "./catalogue";

/** The canonical `?query` of a page ("" for none); null for a page without a filter, or one apartment's page. */
export function canonicalSearch(match: RouteMatch): string | null {
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
      return /^kvartira-\d/.test(match.params.slug ?? "") ? null : canonicalApartmentSearch(match.search);
    default:
      return null;
  }
}

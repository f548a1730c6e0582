/**
 * Which listing URLs search engines may index. A listing with no filter or with exactly one filter value is
 * a landing page people search for («новостройки у метро Сокольники», «двухкомнатные квартиры»); two or more
 * values multiply into millions of near-duplicate pages, so those get `noindex, follow`, and so does every
 * page after the first. The values are counted by the filter table (CATALOGUE_FIELDS `seo`): a page's own
 * (its location, its named listing) plus its URL's (SPEC §5 names only). A personal choice (a commute) is never
 * indexed.
 */
import type { CatalogueFilter } from "./filters/catalogue";
import { filterValueCount, isPersonalFilter } from "./filters/catalogue";
import { ownQuery } from "./listing";

/**
 * True when the page may be indexed: a page (its base filter, null for a path that names nothing), the first
 * one, at most one filter value.
 */
export function shouldIndex(base: CatalogueFilter | null, search: string | URLSearchParams): boolean {
  if (!base) return false;
  const own = ownQuery(search);
  return (
    own.page === 1 &&
    !isPersonalFilter(own.filter) &&
    filterValueCount(base) + filterValueCount(own.filter) <= 1
  );
}

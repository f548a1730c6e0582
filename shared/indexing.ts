/**
 * Which listing URLs search engines may index. A listing with no filter or with exactly one filter value is
 * a landing page people search for («новостройки у метро Сокольники», «двухкомнатные квартиры»); two or more
 * values multiply into millions of near-duplicate pages, so those get `noindex, follow`, and so does every
 * page after the first. The values are counted by the filter table (CATALOGUE_FIELDS `seo`): a page's own
 * (its location, its named listing) plus its URL's (SPEC §5 names only).
 */
import { filterValueCount } from "./filters/catalogue";
import { baseFilterOf, ownQuery } from "./listing";
import { matchRoute } from "./routes";

/** True when the page may be indexed: a page (not an unknown path), the first one, at most one filter value. */
export function shouldIndex(pathname: string, search: string | URLSearchParams = ""): boolean {
  const match = matchRoute(pathname, new URLSearchParams(search).toString());
  const base = match && baseFilterOf(match);
  if (!match || !base) return false;
  const own = ownQuery(match.search);
  return own.page === 1 && filterValueCount(base) + filterValueCount(own.filter) <= 1;
}

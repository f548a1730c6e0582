/**
 * Which listing URLs search engines may index. A listing with no filter or with exactly one filter value is
 * a landing page people search for («новостройки у метро Сокольники», «двухкомнатные квартиры»); two or more
 * values multiply into millions of near-duplicate pages, so those get `noindex, follow`.
 */
import { matchRoute } from "./routes";

/** Not filters: pagination and the advertising marks (SPEC §2 /special/). */
const NEUTRAL = /^(page|fp|utm_[a-z]+)$/;

/** The two bounds of a range, or a distance's type and time, are one filter value. */
function filterName(name: string): string {
  return name
    .replace(/^(min|max)_(price|area)$/, "$2")
    .replace(/^search\[(price|area)\]\[(min|max)\]$/, "$1")
    .replace(/^(search\[)?distance_(type|time)\]?$/, "distance");
}

/** Filter values of a page URL: its path's own (a location, a named listing) plus its query's. */
function filterValues(pathname: string, search: string | URLSearchParams): number {
  const match = matchRoute(pathname);
  if (!match) return Number.POSITIVE_INFINITY;
  let count = match.route.page === "location" ? 1 : 0;
  if (match.route.page === "listing") count += (match.params["*"] ?? "").split("/").filter(Boolean).length;
  const ranges = new Set<string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (NEUTRAL.test(name) || value.trim() === "") continue;
    const filter = filterName(name);
    if (filter !== name) ranges.add(filter);
    else count += value.split(",").filter((v) => v.trim() !== "").length;
  }
  return count + ranges.size;
}

/** True when the page may be indexed: no filter or exactly one filter value (and the URL is a page). */
export function shouldIndex(pathname: string, search: string | URLSearchParams = ""): boolean {
  return filterValues(pathname, search) <= 1;
}

import { type CatalogueFilter, filterToUrlQuery } from "../../../shared/filters/catalogue";

/**
 * A memoised lazy part's props compare (React.memo): the named filters by what they mean (their URL: a page's
 * render makes new objects of the same filter), everything else by identity. A part whose props stay the same
 * until its chunk has come is hydrated, not rendered afresh (client/pages.ts lazyPart).
 */
export function sameProps<P extends object>(...filters: (keyof P)[]) {
  return (a: P, b: P) =>
    (Object.keys(a) as (keyof P)[]).every((key) =>
      filters.includes(key)
        ? filterToUrlQuery(a[key] as CatalogueFilter) === filterToUrlQuery(b[key] as CatalogueFilter)
        : a[key] === b[key],
    ) && Object.keys(a).length === Object.keys(b).length;
}

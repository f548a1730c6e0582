/**
 * The API keys whose query is the catalogue's filter (shared/api-keys.ts has the others, shared/apartment-keys.ts
 * the apartments'): apart, so that the app shell and the pages without a filter load none of the filter tables.
 */
import { keyOf } from "./api-keys";
import type { CatalogueFilter, ListQuery } from "./filters/catalogue";
import { filterToApiParams, filterToApiQuery } from "./filters/keys";

export const filterKeys = {
  complexes: (q: ListQuery) => keyOf("complexes", "/residential-complexes/grid", filterToApiQuery(q)),
  complexMap: (f: CatalogueFilter) => keyOf("complexMap", "/residential-complexes/map", filterToApiParams(f)),
  complexMapClusters: (f: CatalogueFilter) =>
    keyOf("complexMapClusters", "/residential-complexes/map-clusters", filterToApiParams(f)),
};

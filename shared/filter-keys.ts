/**
 * The API keys whose query is the catalogue's filter (shared/api-keys.ts has the others, shared/apartment-keys.ts
 * the apartments'): apart, so that the app shell and the pages without a filter load none of the filter tables.
 */
import { withQuery } from "./api-keys";
import type { CatalogueFilter, ListQuery } from "./filters/catalogue";
import { filterToApiParams, filterToApiQuery } from "./filters/keys";
import type { ComplexList } from "./schemas/catalogue";
import type { ComplexMap, ComplexMapClusters } from "./schemas/map";

export const filterKeys = {
  complexes: (q: ListQuery) => withQuery<ComplexList>("/residential-complexes/grid", filterToApiQuery(q)),
  complexMap: (f: CatalogueFilter) =>
    withQuery<ComplexMap>("/residential-complexes/map", filterToApiParams(f)),
  complexMapClusters: (f: CatalogueFilter) =>
    withQuery<ComplexMapClusters>("/residential-complexes/map-clusters", filterToApiParams(f)),
};

/**
 * The API keys whose query is a filter (shared/api-keys.ts has the others): apart, so that the app shell and
 * the pages without a filter load none of the filter tables.
 */
import { withQuery } from "./api-keys";
import { type ApartmentQuery, apartmentFilterToApiQuery } from "./filters/apartments";
import {
  type CatalogueFilter,
  filterToApiParams,
  filterToApiQuery,
  type ListQuery,
} from "./filters/catalogue";
import type { ComplexList, LivingObjectList } from "./schemas/catalogue";
import type { ComplexMap, ComplexMapClusters } from "./schemas/map";

export const filterKeys = {
  complexes: (q: ListQuery) => withQuery<ComplexList>("/residential-complexes/grid", filterToApiQuery(q)),
  complexMap: (f: CatalogueFilter) =>
    withQuery<ComplexMap>("/residential-complexes/map", filterToApiParams(f)),
  complexMapClusters: (f: CatalogueFilter) =>
    withQuery<ComplexMapClusters>("/residential-complexes/map-clusters", filterToApiParams(f)),
  apartments: (q: ApartmentQuery) =>
    withQuery<LivingObjectList>("/living-objects/grid", apartmentFilterToApiQuery(q)),
};

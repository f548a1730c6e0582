/**
 * The API keys whose query is the catalogue's filter (shared/api-keys.ts has the others, shared/apartment-keys.ts
 * the apartments'): apart, so that the app shell and the pages without a filter load none of the filter tables.
 */
import { withQuery } from "./api-keys";
import type { CatalogueFilter, ListQuery } from "./filters/catalogue";
import { filterToApiParams, filterToApiQuery } from "./filters/keys";
import { bboxParam, type ViewQuery } from "./map/view";
import type { ComplexList } from "./schemas/catalogue";
import type { MapView } from "./schemas/map";

export const filterKeys = {
  complexes: (q: ListQuery) => withQuery<ComplexList>("/residential-complexes/grid", filterToApiQuery(q)),
  /** The map's view (shared/map/view.ts viewQuery): quantised, so that nearby views share one key. */
  complexMapView: (f: CatalogueFilter, q: ViewQuery) =>
    withQuery<MapView>("/residential-complexes/map-view", {
      ...filterToApiParams(f),
      zoom: q.zoom,
      bbox: q.bbox && bboxParam(q.bbox),
    }),
};

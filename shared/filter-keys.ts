/**
 * The API keys whose query is the catalogue's filter (shared/api-keys.ts has the others, shared/apartment-keys.ts
 * the apartments'): apart, so that the app shell and the pages without a filter load none of the filter tables.
 */
import { keyOf } from "./api-keys";
import type { CatalogueFilter, ListQuery } from "./filters/catalogue";
import { filterToApiParams, filterToApiQuery } from "./filters/keys";
import { bboxParam, type ViewQuery } from "./map/view";

export const filterKeys = {
  complexes: (q: ListQuery) => keyOf("complexes", "/residential-complexes/grid", filterToApiQuery(q)),
  /** The map's view (shared/map/view.ts viewQuery): quantised, so that nearby views share one key. */
  complexMapView: (f: CatalogueFilter, q: ViewQuery) =>
    keyOf("complexMapView", "/residential-complexes/map-view", {
      ...filterToApiParams(f),
      zoom: q.zoom,
      bbox: q.bbox && bboxParam(q.bbox),
    }),
};

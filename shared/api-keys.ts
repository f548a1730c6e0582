/**
 * SWR keys are the API URLs themselves: the client fetches them and the worker resolves the same URLs
 * in-process for SSR. Building them in one place keeps parameter order (and so the cache key) stable.
 */
import { type ApartmentQuery, apartmentFilterToApiQuery } from "./filters/apartments";
import {
  type CatalogueFilter,
  filterToApiParams,
  filterToApiQuery,
  type ListQuery,
} from "./filters/catalogue";
import type { LocationApi } from "./locations";

export const API_BASE = "/api/v1";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Null/empty values are omitted (SPEC §5); keys are sorted so equal queries give equal URLs. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const qs = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) qs.set(key, value.join(","));
    } else qs.set(key, String(value));
  }
  const q = qs.toString();
  return `${API_BASE}${path}${q ? `?${q}` : ""}`;
}

export const apiKeys = {
  page: (url: string) => withQuery("/pages", { url }),
  main: () => withQuery("/main"),
  menuAmounts: () => withQuery("/main/menu"),
  adverts: (hasAdvUtm: boolean) => withQuery("/adverts", { has_adv_utm: hasAdvUtm ? 1 : null }),
  complexes: (q: ListQuery) => withQuery("/residential-complexes/grid", filterToApiQuery(q)),
  complexMap: (f: CatalogueFilter) => withQuery("/residential-complexes/map", filterToApiParams(f)),
  complexMapClusters: (f: CatalogueFilter) =>
    withQuery("/residential-complexes/map-clusters", filterToApiParams(f)),
  complex: (id: number) => withQuery(`/residential-complexes/${id}`),
  /** Apartments by id in the given order (favourites, comparison). */
  apartmentsByIds: (ids: readonly number[]) => withQuery("/living-objects/by-ids", { ids }),
  seoFilter: (path: string) => withQuery(`/residential-complexes/seo-filter/${path}`),
  completionYears: () => withQuery("/residential-complexes/completion-years"),
  locations: (api: LocationApi, scope: { kind?: string; region_id?: number; locality_id?: number } = {}) =>
    withQuery(`/locations/${api}/grid`, {
      kind: scope.kind,
      "search[region_id]": scope.region_id,
      "search[locality_id]": scope.locality_id,
    }),
  location: (api: LocationApi, slug: string, kind?: string) =>
    withQuery(`/locations/${api}/${slug}`, { kind }),
  search: (keyword: string) => withQuery("/search/entities-by-word", { keyword }),
  quizzes: () => withQuery("/quizzes"),
  quizSubmit: () => withQuery("/quizzes/submit"),
  leads: () => withQuery("/leads"),
  mediaPosts: (q: { category?: string; page?: string | null; per_page?: number }) =>
    withQuery("/media/posts/grid", { "search[category]": q.category, page: q.page, per_page: q.per_page }),
  mediaPost: (id: string | number) => withQuery(`/media/posts/${encodeURIComponent(id)}`),
  mediaPostView: (id: number) => withQuery(`/media/posts/${id}/view`),
  mediaCategories: () => withQuery("/media/categories/grid"),
  mediaCategory: (id: string | number) => withQuery(`/media/categories/${encodeURIComponent(id)}`),
  companies: (q: { type?: string; name?: string | null; page?: string | null; per_page?: number }) =>
    withQuery("/companies/grid", {
      "search[type]": q.type,
      "search[name]": q.name,
      page: q.page,
      per_page: q.per_page,
    }),
  company: (id: string | number, type?: string) =>
    withQuery(`/companies/${encodeURIComponent(id)}`, { type }),
  specialOffers: () => withQuery("/special-offers"),
  similarComplexes: (id: number) => withQuery(`/residential-complexes/similar/${id}`),
  houseStats: (complexId: number, houseId: number) =>
    withQuery(`/residential-complexes/${complexId}/get-house-stats`, { house_id: houseId }),
  apartments: (q: ApartmentQuery) => withQuery("/living-objects/grid", apartmentFilterToApiQuery(q)),
  apartmentGroups: (complexId: number) =>
    withQuery("/living-objects/grid-grouped", { "search[residential_complex_id]": complexId }),
  apartment: (id: string | number) => withQuery(`/living-objects/${encodeURIComponent(id)}`),
};

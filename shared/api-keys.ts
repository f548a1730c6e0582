/**
 * SWR keys are the API URLs themselves: the client fetches them and the worker resolves the same URLs
 * in-process for SSR. Building them in one place keeps parameter order (and so the cache key) stable, and
 * each key carries the type of its answer (ApiKey<T>), so whoever reads it gets that type without a cast.
 */
import type { LocationApi, LocationTypeDef } from "./locations";
import type { MenuAmounts } from "./menu";
import type { AdsData } from "./schemas/ads";
import type {
  ApartmentDetail,
  ComplexCard,
  ComplexDetail,
  FilterFacets,
  HouseStats,
  LivingObject,
  RoomGroup,
} from "./schemas/catalogue";
import type { CompaniesGrid, Company } from "./schemas/companies";
import type { LeadSubmitResult } from "./schemas/leads";
import type { LocationItem } from "./schemas/locations";
import type { MainData, SearchResult, SeoFilterData } from "./schemas/main";
import type { MediaCategoriesGrid, MediaCategory, MediaPost, MediaPostsGrid } from "./schemas/media";
import type { PageData } from "./schemas/pages";
import type { QuizSubmitResult, QuizzesResponse } from "./schemas/quizzes";
import type { SpecialOffers } from "./schemas/special-offers";

export const API_BASE = "/api/v1";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

declare const answer: unique symbol;
/**
 * An API URL that names the type of its answer: still a string (an SWR key, a fallback key, a fetch URL), with
 * the answer's type attached for the type checker only.
 */
export type ApiKey<T> = string & { readonly [answer]?: T };
/** The answer type of a key. */
export type AnswerOf<K> = K extends ApiKey<infer T> ? T : never;

/** Null/empty values are omitted (SPEC §5); keys are sorted so equal queries give equal URLs. */
export function withQuery<T = unknown>(path: string, query: Record<string, QueryValue> = {}): ApiKey<T> {
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
  page: (url: string) => withQuery<PageData>("/pages", { url }),
  main: () => withQuery<MainData>("/main"),
  menuAmounts: () => withQuery<MenuAmounts>("/main/menu"),
  adverts: (hasAdvUtm: boolean) => withQuery<AdsData>("/adverts", { has_adv_utm: hasAdvUtm ? 1 : null }),
  complex: (id: number) => withQuery<ComplexDetail>(`/residential-complexes/${id}`),
  /** Apartments by id in the given order (favourites, comparison). */
  apartmentsByIds: (ids: readonly number[]) =>
    withQuery<{ data: LivingObject[] }>("/living-objects/by-ids", { ids }),
  seoFilter: (path: string) => withQuery<SeoFilterData>(`/residential-complexes/seo-filter/${path}`),
  completionYears: () => withQuery<FilterFacets>("/residential-complexes/completion-years"),
  locations: (
    api: LocationApi,
    scope: {
      kind?: string;
      region_id?: number | readonly number[];
      locality_id?: number | readonly number[];
    } = {},
  ) =>
    withQuery<{ data: LocationItem[] }>(`/locations/${api}/grid`, {
      kind: scope.kind,
      "search[region_id]": scope.region_id,
      "search[locality_id]": scope.locality_id,
    }),
  /** Every place of a location type (its page, the quick search's tab). */
  places: (def: LocationTypeDef) => apiKeys.locations(def.api, { kind: def.kind, region_id: def.region }),
  location: (api: LocationApi, slug: string, kind?: string) =>
    withQuery<{ data: LocationItem }>(`/locations/${api}/${slug}`, { kind }),
  search: (keyword: string) => withQuery<SearchResult>("/search/entities-by-word", { keyword }),
  quizzes: () => withQuery<QuizzesResponse>("/quizzes"),
  quizSubmit: () => withQuery<QuizSubmitResult>("/quizzes/submit"),
  leads: () => withQuery<LeadSubmitResult>("/leads"),
  mediaPosts: (q: { category?: string; page?: string | null; per_page?: number }) =>
    withQuery<MediaPostsGrid>("/media/posts/grid", {
      "search[category]": q.category,
      page: q.page,
      per_page: q.per_page,
    }),
  mediaPost: (id: string | number) => withQuery<MediaPost>(`/media/posts/${encodeURIComponent(id)}`),
  mediaPostView: (id: number) => withQuery(`/media/posts/${id}/view`),
  mediaCategories: () => withQuery<MediaCategoriesGrid>("/media/categories/grid"),
  mediaCategory: (id: string | number) =>
    withQuery<MediaCategory>(`/media/categories/${encodeURIComponent(id)}`),
  companies: (q: { type?: string; name?: string | null; page?: string | null; per_page?: number }) =>
    withQuery<CompaniesGrid>("/companies/grid", {
      "search[type]": q.type,
      "search[name]": q.name,
      page: q.page,
      per_page: q.per_page,
    }),
  company: (id: string | number, type?: string) =>
    withQuery<Company>(`/companies/${encodeURIComponent(id)}`, { type }),
  specialOffers: () => withQuery<SpecialOffers>("/special-offers"),
  similarComplexes: (id: number) =>
    withQuery<{ data: ComplexCard[] }>(`/residential-complexes/similar/${id}`),
  houseStats: (complexId: number, houseId: number) =>
    withQuery<HouseStats>(`/residential-complexes/${complexId}/get-house-stats`, { house_id: houseId }),
  apartmentGroups: (complexId: number) =>
    withQuery<{ data: RoomGroup[] }>("/living-objects/grid-grouped", {
      "search[residential_complex_id]": complexId,
    }),
  apartment: (id: string | number) => withQuery<ApartmentDetail>(`/living-objects/${encodeURIComponent(id)}`),
};

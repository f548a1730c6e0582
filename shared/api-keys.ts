/**
 * SWR keys are the API URLs themselves: the client fetches them and the worker resolves the same URLs
 * in-process for SSR. Building them in one place keeps parameter order (and so the cache key) stable, and
 * each key carries the type of its answer (ApiKey<T>), so whoever reads it gets that type without a cast.
 *
 * A key's answer type is not the builder's word: it is ApiAnswers[name], the one map the worker's loaders
 * are checked against (worker/loaders/answers.ts `satisfies`), so a loader whose answer changes fails to
 * compile there, and a change of the map fails in every component that reads the key.
 */
import type { LocationApi, LocationTypeDef } from "./location-types";
import type { MenuAmounts } from "./menu";
import type { AdsData } from "./schemas/ads";
import type {
  ApartmentDetail,
  CommuteRoutes,
  ComplexCard,
  ComplexDetail,
  ComplexList,
  FilterFacets,
  HouseStats,
  LivingObject,
  LivingObjectList,
  RoomGroup,
} from "./schemas/catalogue";
import type { CompaniesGrid, Company } from "./schemas/companies";
import type { LeadSubmitResult } from "./schemas/leads";
import type { LocationItem } from "./schemas/locations";
import type { MainData, SearchResult, SeoFilterData } from "./schemas/main";
import type { MapView } from "./schemas/map";
import type { MediaCategoriesGrid, MediaCategory, MediaPost, MediaPostsGrid } from "./schemas/media";
import type { PageData } from "./schemas/pages";
import type { QuizSubmitResult, QuizzesResponse } from "./schemas/quizzes";
import type { SpecialOffers } from "./schemas/special-offers";
import type { DestinationAnswer } from "./transit/destination";

export const API_BASE = "/api/v1";

/** Every API key's answer, by the key's name (apiKeys, filterKeys, apartmentKeys). */
export interface ApiAnswers {
  page: PageData;
  main: MainData;
  menuAmounts: MenuAmounts;
  adverts: AdsData;
  complex: ComplexDetail;
  complexes: ComplexList;
  complexMapView: MapView;
  apartmentsByIds: { data: LivingObject[] };
  apartments: LivingObjectList;
  seoFilter: SeoFilterData;
  completionYears: FilterFacets;
  locations: { data: LocationItem[] };
  location: { data: LocationItem };
  search: SearchResult;
  commuteDestination: DestinationAnswer;
  commuteRoutes: CommuteRoutes;
  quizzes: QuizzesResponse;
  quizSubmit: QuizSubmitResult;
  leads: LeadSubmitResult;
  mediaPosts: MediaPostsGrid;
  mediaPost: MediaPost;
  /** 204: no body. */
  mediaPostView: null;
  mediaCategories: MediaCategoriesGrid;
  mediaCategory: MediaCategory;
  companies: CompaniesGrid;
  company: Company;
  specialOffers: SpecialOffers;
  similarComplexes: { data: ComplexCard[] };
  houseStats: HouseStats;
  apartmentGroups: { data: RoomGroup[] };
  apartment: ApartmentDetail;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

declare const answer: unique symbol;
/**
 * An API URL that names the type of its answer: still a string (an SWR key, a fallback key, a fetch URL), with
 * the answer's type attached for the type checker only.
 */
export type ApiKey<T> = string & { readonly [answer]?: T };
/** The answer type of a key. */
export type AnswerOf<K> = K extends ApiKey<infer T> ? T : never;

/**
 * The key named `name` (its answer ApiAnswers[name]) for a path and query: null/empty values are omitted
 * (SPEC §5); keys are sorted so equal queries give equal URLs.
 */
export function keyOf<N extends keyof ApiAnswers>(
  _name: N,
  path: string,
  query: Record<string, QueryValue> = {},
): ApiKey<ApiAnswers[N]> {
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
  page: (url: string) => keyOf("page", "/pages", { url }),
  main: () => keyOf("main", "/main"),
  menuAmounts: () => keyOf("menuAmounts", "/main/menu"),
  adverts: (hasAdvUtm: boolean) => keyOf("adverts", "/adverts", { has_adv_utm: hasAdvUtm ? 1 : null }),
  complex: (id: number) => keyOf("complex", `/residential-complexes/${id}`),
  /** Apartments by id in the given order (favourites, comparison). */
  apartmentsByIds: (ids: readonly number[]) => keyOf("apartmentsByIds", "/living-objects/by-ids", { ids }),
  seoFilter: (path: string) => keyOf("seoFilter", `/residential-complexes/seo-filter/${path}`),
  completionYears: () => keyOf("completionYears", "/residential-complexes/completion-years"),
  locations: (
    api: LocationApi,
    scope: {
      kind?: string;
      region_id?: number | readonly number[];
      locality_id?: number | readonly number[];
    } = {},
  ) =>
    keyOf("locations", `/locations/${api}/grid`, {
      kind: scope.kind,
      "search[region_id]": scope.region_id,
      "search[locality_id]": scope.locality_id,
    }),
  /** Every place of a location type (its page, the quick search's tab). */
  places: (def: LocationTypeDef) => apiKeys.locations(def.api, { kind: def.kind, region_id: def.region }),
  location: (api: LocationApi, slug: string, kind?: string) =>
    keyOf("location", `/locations/${api}/${slug}`, { kind }),
  search: (keyword: string) => keyOf("search", "/search/entities-by-word", { keyword }),
  /** A commute's destination named as a place (issue 32). */
  commuteDestination: (place: string) => keyOf("commuteDestination", "/commute/destination", { place }),
  /** A complex's way to the destination from each of its stations (issue 32): a station or a point. */
  commuteRoutes: (complex: number, to: { station?: number; at?: string }) =>
    keyOf("commuteRoutes", "/commute/routes", { complex, commute_to: to.station, commute_at: to.at }),
  quizzes: () => keyOf("quizzes", "/quizzes"),
  quizSubmit: () => keyOf("quizSubmit", "/quizzes/submit"),
  leads: () => keyOf("leads", "/leads"),
  mediaPosts: (q: { category?: string; page?: string | null; per_page?: number }) =>
    keyOf("mediaPosts", "/media/posts/grid", {
      "search[category]": q.category,
      page: q.page,
      per_page: q.per_page,
    }),
  mediaPost: (id: string | number) => keyOf("mediaPost", `/media/posts/${encodeURIComponent(id)}`),
  mediaPostView: (id: number) => keyOf("mediaPostView", `/media/posts/${id}/view`),
  mediaCategories: () => keyOf("mediaCategories", "/media/categories/grid"),
  mediaCategory: (id: string | number) =>
    keyOf("mediaCategory", `/media/categories/${encodeURIComponent(id)}`),
  companies: (q: { type?: string; name?: string | null; page?: string | null; per_page?: number }) =>
    keyOf("companies", "/companies/grid", {
      "search[type]": q.type,
      "search[name]": q.name,
      page: q.page,
      per_page: q.per_page,
    }),
  company: (id: string | number, type?: string) =>
    keyOf("company", `/companies/${encodeURIComponent(id)}`, { type }),
  specialOffers: () => keyOf("specialOffers", "/special-offers"),
  similarComplexes: (id: number) => keyOf("similarComplexes", `/residential-complexes/similar/${id}`),
  houseStats: (complexId: number, houseId: number) =>
    keyOf("houseStats", `/residential-complexes/${complexId}/get-house-stats`, { house_id: houseId }),
  apartmentGroups: (complexId: number) =>
    keyOf("apartmentGroups", "/living-objects/grid-grouped", {
      "search[residential_complex_id]": complexId,
    }),
  apartment: (id: string | number) => keyOf("apartment", `/living-objects/${encodeURIComponent(id)}`),
};

/**
 * The loader behind each API key (shared/api-keys.ts ApiAnswers), checked against its key's answer: a loader
 * whose answer type drifts from what the components read by its key fails to compile here (and
 * tests/integration/api-answers.test.ts shows it).
 */
import type { ApiAnswers } from "../../shared/api-keys";
import { submitLead } from "../leads/submit";
import { loadAds } from "../loaders/adverts";
import { loadCommuteDestination, loadCommuteRoutes } from "../loaders/commute";
import { loadCompanies, loadCompany } from "../loaders/companies";
import { loadCompletionYears, loadComplex, loadComplexList, loadSimilar } from "../loaders/complexes";
import {
  loadApartment,
  loadApartments,
  loadApartmentsByIds,
  loadHouseStats,
  loadRoomGroups,
} from "../loaders/living-objects";
import { loadLocation, loadLocations } from "../loaders/locations";
import { loadMain, loadMenuAmounts } from "../loaders/main";
import { loadMapView } from "../loaders/map-view";
import { loadMediaCategories, loadMediaCategory, loadMediaPost, loadMediaPosts } from "../loaders/media";
import { loadPage } from "../loaders/pages";
import { loadQuizzes, submitQuiz } from "../loaders/quizzes";
import { loadEntitiesByWord } from "../loaders/search";
import { loadSeoFilter } from "../loaders/seo-filters";
import { loadSpecialOffers } from "../loaders/special-offers";

/** A key's loader: whatever it takes, it answers the key's type (null: the handler's 404). */
type LoaderOf<T> = (...args: never[]) => Promise<T | null>;

/** Every key with a body (a view's count answers 204). */
export type AnsweredKey = Exclude<keyof ApiAnswers, "mediaPostView">;

export const LOADERS = {
  page: loadPage,
  main: loadMain,
  menuAmounts: loadMenuAmounts,
  adverts: loadAds,
  complex: loadComplex,
  complexes: loadComplexList,
  complexMapView: loadMapView,
  apartmentsByIds: loadApartmentsByIds,
  apartments: loadApartments,
  seoFilter: loadSeoFilter,
  completionYears: loadCompletionYears,
  locations: loadLocations,
  location: loadLocation,
  search: loadEntitiesByWord,
  quizzes: loadQuizzes,
  quizSubmit: submitQuiz,
  leads: submitLead,
  mediaPosts: loadMediaPosts,
  mediaPost: loadMediaPost,
  mediaCategories: loadMediaCategories,
  mediaCategory: loadMediaCategory,
  companies: loadCompanies,
  company: loadCompany,
  specialOffers: loadSpecialOffers,
  similarComplexes: loadSimilar,
  houseStats: loadHouseStats,
  apartmentGroups: loadRoomGroups,
  apartment: loadApartment,
  commuteDestination: loadCommuteDestination,
  commuteRoutes: loadCommuteRoutes,
} satisfies { [N in AnsweredKey]: LoaderOf<ApiAnswers[N]> };

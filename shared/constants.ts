/** Business constants of SPEC §9 and the site's own settings. */

export const SITE_NAME = "Новостройки Москвы";
export const LOCALE = "ru-RU";

export const LOCATION_TYPES = [
  "po-metro",
  "po-rajonam",
  "po-shosse",
  "mck",
  "mcd",
  "po-gorodam",
  "po-zhd",
  "po-rajonam-mo",
  "po-okrugam",
  "po-regionam",
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const COMPANY_TYPES = { developers: "developer", agencies: "agency" } as const;
export type CompanyTypeSlug = keyof typeof COMPANY_TYPES;

export const PER_PAGE_CLASSIC = 11;
export const PER_PAGE_DEFAULT = 25;
export const PER_PAGE_COMPANIES = 20;
/**
 * The catalogue pages' cards per page (the listings, a location's, the home page's list): 12, whole rows of
 * the grid at 3, 2 and 1 columns. SPEC §9's 11 and 25 are the API's defaults (`residential-complexes/paginate`
 * and `/grid`), which it keeps; a page names its own per_page. «11 and an ad card» would be a listing ad beyond SPEC §9's (4 tgb in the row after six cards,
 * the gallery advert, the sidebar's), and a bot, who gets no ads, a grid with a hole in its last row.
 */
export const LISTING_PER_PAGE = 12;
/** Articles on a page of the journal list. */
export const JOURNAL_PER_PAGE = 12;
export const PER_PAGE_MAX = 100;
export const DEFAULT_SORT = "price desc";
/** The catalogue's sorts (SPEC's default «price desc» first); each has an index (migration 0014). */
export const SORTS = [
  "price desc",
  "price asc",
  "price_m2 asc",
  "deadline asc",
  "area desc",
  "metro asc",
  "new desc",
  "readiness desc",
] as const;
export type Sort = (typeof SORTS)[number];
/** The apartments lists' sorts, the cheapest first by default. */
export const APARTMENT_SORTS = ["price asc", "price desc", "area asc", "area desc"] as const;
export type ApartmentSort = (typeof APARTMENT_SORTS)[number];
export const APARTMENT_DEFAULT_SORT: ApartmentSort = "price asc";

export const LISTING_TGB_ADS = 4;
export const SIDEBAR_TGB_ADS = 3;

export const DROPDOWN_DEBOUNCE_MS = 450;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const RENDER_TIMEOUT_MS = 5000;

export const MOBILE_MENU_BREAKPOINT = 1100;
export const HEADER_HEIGHT = 69;
export const DISCLAIMER_EDGE_PX = 246;

/** Quick price links of the header (SPEC §2). */
export const PRICE_BANDS = [
  { label: "3–8 млн ₽", price: { min: 3_000_000, max: 8_100_000 } },
  { label: "8–14 млн ₽", price: { min: 8_000_000, max: 14_100_000 } },
  { label: "от 14 млн ₽", price: { min: 14_000_000 } },
] as const;

/** `/kvartiry/{slug}/` slugs that preset the rooms filter (the apartments pages and the menu's links). */
export const ROOM_SLUGS: ReadonlyMap<string, number> = new Map([
  ["studii", 0],
  ["odnokomnatnye", 1],
  ["dvuhkomnatnye", 2],
  ["trehkomnatnye", 3],
  ["chetyrehkomnatnye", 4],
]);

/** Apartments compared side by side at /sravnenie/. */
export const COMPARE_MAX = 4;

/** The word search (search/entities-by-word, the header's box, /poisk/): its keyword's bounds, in characters. */
export const KEYWORD_MIN = 2;
export const KEYWORD_MAX = 100;

/** Pictures load once they are this close to the view (SPEC §4, §9). */
export const IMAGE_LAZY_MARGIN_PX = 100;

/** «Новое с вашего прошлого визита» counts up to this many changes of a saved search (GET /api/v1/alerts/new). */
export const NEW_SINCE_CAP = 100;

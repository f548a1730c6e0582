/**
 * The data of each page, as the API URLs it reads (shared/api-keys.ts). The worker resolves them in-process
 * for SSR and embeds the answers as the SWR fallback; the client reads the same keys with useSWR.
 */
import { apiKeys } from "./api-keys";
import { COMPARE_MAX, type LocationType, ROOM_SLUGS } from "./constants";
import { type ApartmentQuery, apartmentQueryOf } from "./filters/apartments";
import { idList } from "./filters/fields";
import { leadPlaceOf } from "./leads";
import { listingQuery, ownQuery } from "./listing";
import { LOCATION_TYPE_DEFS } from "./locations";
import { complexIdFromSlug, type RouteMatch } from "./routes";
import type { ComplexDetail, LivingObject } from "./schemas/catalogue";
import { COMPANIES_PREVIEW, companyTypeOf } from "./schemas/companies";
import { JOURNAL_PER_PAGE } from "./schemas/media";

export function pageKeys(match: RouteMatch): string[] {
  switch (match.route.page) {
    case "home":
    case "listing":
    case "location":
    case "location-type":
      return catalogueKeys(match);
    case "journal":
      return [
        apiKeys.page(match.pathname),
        apiKeys.mediaCategories(),
        apiKeys.mediaPosts({
          category: match.params.category,
          page: match.search.get("page"),
          per_page: JOURNAL_PER_PAGE,
        }),
      ];
    case "article":
      return [apiKeys.mediaPost(match.params.article ?? "")];
    case "companies":
      return [
        apiKeys.page(match.pathname),
        apiKeys.companies({ type: "developer", per_page: COMPANIES_PREVIEW }),
        apiKeys.companies({ type: "agency", per_page: COMPANIES_PREVIEW }),
      ];
    case "companies-type":
      return [
        apiKeys.companies({
          type: companyTypeOf(match.params.type),
          name: match.search.get("q"),
          page: match.search.get("page"),
        }),
      ];
    case "company":
      return [apiKeys.company(match.params.company ?? "", companyTypeOf(match.params.type))];
    case "special":
      return [apiKeys.page(match.pathname), apiKeys.specialOffers()];
    case "map":
      return mapPageKeys(match);
    case "complex":
      return present(complexPageKeys(match));
    case "apartments":
      return present(apartmentsPageKeys(match));
    case "compare":
      return present({ list: compareKey(match.search) });
    case "lead":
      return present(leadPageKeys(match));
    default:
      return [];
  }
}

/** Home, listings and location pages: the list, its page's place or named filter, the form's options. */
export function catalogueKeys(match: RouteMatch): string[] {
  const type = match.params.type as LocationType | undefined;
  const def = type ? LOCATION_TYPE_DEFS[type] : undefined;
  if (match.route.page === "location-type") {
    return def ? [apiKeys.locations(def.api, { kind: def.kind, region_id: def.region })] : [];
  }
  const q = listingQuery(match);
  if (!q) return [apiKeys.seoFilter(match.params["*"] ?? "")];
  const keys = [apiKeys.complexes(q), apiKeys.completionYears()];
  if (match.route.page === "home") keys.push(apiKeys.main(), apiKeys.specialOffers());
  const path = (match.params["*"] ?? "").replace(/\/+$/, "");
  if (match.route.page === "listing" && path) keys.push(apiKeys.seoFilter(path));
  if (def && match.params.slug) keys.push(apiKeys.location(def.api, match.params.slug, def.kind));
  return keys;
}

/**
 * The map page: the first view's clusters of the URL's filter and their count (the browser loads the points
 * themselves after hydration), the same list below the map (the page without JavaScript, and for crawlers)
 * and the form's options. The favourites page has no keys: its ids live in the visitor's browser, and the
 * client asks for them.
 */
function mapPageKeys(match: RouteMatch): string[] {
  const q = ownQuery(match.search);
  return [apiKeys.complexMapClusters(q.filter), apiKeys.complexes(q), apiKeys.completionYears()];
}

const present = (keys: Record<string, string | undefined>) =>
  Object.values(keys).filter((k): k is string => k !== undefined);

/**
 * Keys that need the first answers: a complex's developer and stations, an apartment's complex (on its page
 * and on the request page about it). The worker
 * resolves them in a second round and embeds those that succeed; the client reads them once it has the first.
 */
export function followUpKeys(match: RouteMatch, fallback: Record<string, unknown>): string[] {
  if (match.route.page === "complex") {
    const complex = fallback[apiKeys.complex(complexIdOf(match))] as ComplexDetail | undefined;
    return complex ? complexFollowUpKeys(complex, houseIdOf(match.search)) : [];
  }
  if (match.route.page !== "apartments" && match.route.page !== "lead") return [];
  const { apartment } = match.route.page === "lead" ? leadPageKeys(match) : apartmentsPageKeys(match);
  const found = apartment ? (fallback[apartment] as { data: LivingObject } | undefined) : undefined;
  return found ? [apiKeys.complex(found.data.complex.id)] : [];
}

/**
 * The canonical slashed path of a page whose URL carries an id and some text (`zhk-sokolniki-42`), from the
 * resolved data; null when the page has no such rule. The worker answers 301 when it differs from the URL.
 */
export function canonicalPath(match: RouteMatch, fallback: Record<string, unknown>): string | null {
  if (match.route.page === "complex") {
    const complex = fallback[apiKeys.complex(complexIdOf(match))] as ComplexDetail | undefined;
    return complex?.url ?? null;
  }
  if (match.route.page !== "apartments") return null;
  const keys = apartmentsPageKeys(match);
  if (keys.apartment) {
    const found = fallback[keys.apartment] as { data: LivingObject } | undefined;
    return found?.data.url ?? null;
  }
  const complex = keys.complex ? (fallback[keys.complex] as ComplexDetail | undefined) : undefined;
  return complex ? `/kvartiry/novostroyka/${complex.slug}/` : null;
}

/** The apartments of a comparison link (`/sravnenie/?ids=1,2`): positive ids, at most COMPARE_MAX. */
export function compareIdsOf(search: URLSearchParams): number[] {
  return idList(search.get("ids") ?? "").slice(0, COMPARE_MAX);
}

/** The comparison page's list; none without ids (the browser then reads its own stored list). */
export function compareKey(search: URLSearchParams): string | undefined {
  const ids = compareIdsOf(search);
  return ids.length ? apiKeys.apartmentsByIds(ids) : undefined;
}

/** Apartments per page: a complex page shows a short list, the apartments pages a long one. */
export const COMPLEX_APARTMENTS_PER_PAGE = 10;
export const APARTMENTS_PER_PAGE = 20;
/** The developer's complexes read for a complex page: the complex itself is among them. */
export const DEVELOPER_COMPLEXES = 7;

/** The id of a complex page (`/novostroyki/zhk-…-42/`): the route guarantees the digits. */
export const complexIdOf = (match: RouteMatch): number => complexIdFromSlug(match.params.complex ?? "") ?? 0;

/** The house whose chessboard a complex page shows (`?korpus=…`). */
export function houseIdOf(search: URLSearchParams): number | null {
  const raw = search.get("korpus");
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * The complex page's keys. The open chessboard's house (`?korpus=…`) is a follow-up key: a house that is not
 * the complex's leaves the page whole, with a note instead of the chessboard.
 */
export function complexPageKeys(match: RouteMatch) {
  const id = complexIdOf(match);
  return {
    complex: apiKeys.complex(id),
    apartments: apiKeys.apartments(
      apartmentQueryOf(match.search, COMPLEX_APARTMENTS_PER_PAGE, { complex: id }),
    ),
    groups: apiKeys.apartmentGroups(id),
    similar: apiKeys.similarComplexes(id),
  };
}

export function complexFollowUpKeys(complex: ComplexDetail, house: number | null): string[] {
  const open = complex.houses.find((h) => h.id === house);
  return [
    ...(open ? [apiKeys.houseStats(complex.id, open.id)] : []),
    developerComplexesKey(complex.developer.id),
    ...complex.stations.map((s) => apiKeys.location("subways", String(s.id))),
  ];
}

export const developerComplexesKey = (developerId: number) =>
  apiKeys.complexes({
    filter: { developers: [developerId] },
    page: 1,
    perPage: DEVELOPER_COMPLEXES,
    sort: "price desc",
  });

/** What an apartments URL shows: one apartment, a list (of a complex, of a room type), or nothing. */
export interface ApartmentsView {
  apartment?: number;
  complex?: number;
  rooms?: number;
  /** An unknown `/kvartiry/{slug}/`. */
  missing?: string;
}

export function apartmentsView(match: RouteMatch): ApartmentsView {
  const { slug, complex_slug: complexSlug } = match.params;
  if (complexSlug) return { complex: complexIdFromSlug(complexSlug) ?? 0 };
  if (!slug) return {};
  const apartment = /^kvartira-(\d{1,9})$/.exec(slug);
  if (apartment) return { apartment: Number(apartment[1]) };
  const rooms = ROOM_SLUGS.get(slug);
  return rooms === undefined ? { missing: slug } : { rooms };
}

/** The list of an apartments page: the URL's filter under the page's complex or room type. */
export function apartmentsListQuery(match: RouteMatch, view: ApartmentsView): ApartmentQuery {
  return apartmentQueryOf(match.search, APARTMENTS_PER_PAGE, {
    ...(view.complex !== undefined ? { complex: view.complex } : {}),
    ...(view.rooms !== undefined ? { rooms: [view.rooms] } : {}),
  });
}

/**
 * The apartments pages' keys. An unknown slug is looked up as an apartment, which the API refuses: the page
 * is a 404 like any page whose data is missing.
 */
export function apartmentsPageKeys(match: RouteMatch): {
  apartment?: string;
  list?: string;
  groups?: string;
  complex?: string;
} {
  const view = apartmentsView(match);
  if (view.missing !== undefined) return { apartment: apiKeys.apartment(view.missing) };
  if (view.apartment !== undefined) return { apartment: apiKeys.apartment(view.apartment) };
  const list = apiKeys.apartments(apartmentsListQuery(match, view));
  if (view.complex === undefined) return { list };
  return { list, groups: apiKeys.apartmentGroups(view.complex), complex: apiKeys.complex(view.complex) };
}

/** The request page (/zayavka/): the apartment the request is about (its complex follows), or the complex. */
export function leadPageKeys(match: RouteMatch): { complex?: string; apartment?: string } {
  const place = leadPlaceOf(match.search);
  return "apartment" in place
    ? { apartment: apiKeys.apartment(place.apartment) }
    : { complex: apiKeys.complex(place.complex) };
}

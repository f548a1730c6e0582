/**
 * What the complex and apartments URLs ask for: their ids, the apartments filter of the query and the list
 * sizes. Each page's data itself is declared next to its screen (client/routes/*.tsx `data`).
 */
import { COMPARE_MAX, ROOM_SLUGS } from "./constants";
import { type ApartmentQuery, apartmentQueryOf } from "./filters/apartments";
import { idList } from "./filters/fields";
import { APARTMENT_SLUG, complexIdFromSlug, type RouteMatch } from "./routes";

/** The apartments of a comparison link (`/sravnenie/?ids=1,2`): positive ids, at most COMPARE_MAX. */
export function compareIdsOf(search: URLSearchParams): number[] {
  return idList(search.get("ids") ?? "").slice(0, COMPARE_MAX);
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

/** The id of an apartment's page (`/kvartiry/kvartira-42/`): the route guarantees the digits. */
export const apartmentIdOf = (match: RouteMatch): number =>
  Number(APARTMENT_SLUG.exec(match.params.slug ?? "")?.[1] ?? 0);

/** What an apartments URL shows: a list (of a complex, of a room type), or nothing. */
export interface ApartmentsView {
  complex?: number;
  rooms?: number;
  /** An unknown `/kvartiry/{slug}/`. */
  missing?: string;
}

export function apartmentsView(match: RouteMatch): ApartmentsView {
  const { slug, complex_slug: complexSlug } = match.params;
  if (complexSlug) return { complex: complexIdFromSlug(complexSlug) ?? 0 };
  if (!slug) return {};
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

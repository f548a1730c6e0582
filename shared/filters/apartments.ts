/**
 * The apartments (living objects) filter: one table of its fields, like the catalogue's (the fields they
 * share are entries of both, shared/filters/shared-fields.ts), with its readers and writers derived from it. The SQL of each
 * field is in worker/db/queries/living-objects.ts (FIELD_SQL), keyed by the same name.
 */
import { STATUSES } from "../codes";
import { APARTMENT_DEFAULT_SORT, APARTMENT_SORTS, type ApartmentSort } from "../constants";
import {
  type FilterOf,
  type Get,
  joinedGet,
  namesOfTable,
  queryString,
  readPaging,
  readSortOf,
  readTable,
  writeTable,
} from "./fields";
import { ID_LIST_MAX } from "./keys";
import { AREA_FIELD, OTDELKA_FIELD, PRICE_FIELD, ROOMS_FIELD } from "./shared-fields";

export { apartmentFilterToApiQuery } from "./keys";

export const APARTMENT_FIELDS = {
  /** The complex: from the page's own URL, or the API's parameter. */
  complex: {
    kind: "id",
    label: "Жилой комплекс",
    api: ["search[residential_complex_id]", "residential_complex_id", "complex_id"],
  },
  houses: {
    kind: "list",
    label: "Корпус",
    url: ["houses"],
    api: ["search[houses]", "houses", "search[house_id]", "house_id"],
    min: 1,
    max: 999_999_999,
    entries: "номера корпусов",
    maxItems: ID_LIST_MAX,
  },
  rooms: ROOMS_FIELD,
  price: PRICE_FIELD,
  area: AREA_FIELD,
  floor: {
    kind: "range",
    label: "Этаж",
    unit: "",
    url: ["min_floor", "max_floor"],
    api: [
      ["search[floor][min]", "search[floor][max]"],
      ["min_floor", "max_floor"],
    ],
    max: 200,
    examples: ["3", "12"],
  },
  otdelka: OTDELKA_FIELD,
  /** 1 в продаже (the default), 2 бронь, 3 продана: the API's only. */
  status: {
    kind: "list",
    label: "Статус",
    api: ["search[status]", "status"],
    min: 1,
    max: 3,
    entries: "коды",
    options: STATUSES,
    maxItems: Object.keys(STATUSES).length,
  },
} as const;

export type ApartmentFilter = FilterOf<typeof APARTMENT_FIELDS>;

export interface ApartmentQuery {
  filter: ApartmentFilter;
  page: number;
  perPage: number;
  sort: ApartmentSort;
}

const readSort = (get: Get): ApartmentSort => readSortOf(get, APARTMENT_SORTS, APARTMENT_DEFAULT_SORT);

/** The API's apartments query: strict (a FilterError names the parameter and its rule). */
export function readApartmentApiQuery(params: URLSearchParams, defaultPerPage: number): ApartmentQuery {
  const get = joinedGet(params);
  return {
    filter: readTable(APARTMENT_FIELDS, get, "api", true),
    ...readPaging(get, defaultPerPage, true),
    sort: readSort(get),
  };
}

/**
 * The apartments filter of a page URL (known names only; malformed values dropped; an inverted range
 * swapped); only apartments on sale are listed, and the page's own preset (its complex, its room type) wins.
 */
export function apartmentQueryOf(
  search: URLSearchParams,
  perPage: number,
  preset: { complex?: number; rooms?: number[] } = {},
): ApartmentQuery {
  const get = joinedGet(search);
  const filter = readTable(APARTMENT_FIELDS, get, "url", false);
  const { page } = readPaging(get, perPage, false);
  return { filter: { ...filter, ...preset }, page, perPage, sort: readSort(get) };
}

const URL_NAMES = new Set([...namesOfTable(APARTMENT_FIELDS, "url"), "page", "sort"]);

/** An apartments page's own query: its filter, sort and page under the URL's names, no empty or default value. */
export function apartmentUrlParams(q: Omit<ApartmentQuery, "perPage">): [string, string][] {
  const own = writeTable(APARTMENT_FIELDS, q.filter);
  if (q.sort !== APARTMENT_DEFAULT_SORT) own.push(["sort", q.sort]);
  if (q.page > 1) own.push(["page", String(q.page)]);
  return own;
}

/** `?rooms=2` for a link to an apartments list with that filter ("" for none). */
export function apartmentUrlQuery(filter: ApartmentFilter): string {
  const qs = queryString(writeTable(APARTMENT_FIELDS, filter));
  return qs ? `?${qs}` : "";
}

/**
 * The canonical query of an apartments list page (see canonicalCatalogueSearch): the URL's filter written
 * back, the other parameters (the open chessboard's korpus) kept as they came.
 */
export function canonicalApartmentSearch(search: URLSearchParams): string {
  const own = apartmentUrlParams(apartmentQueryOf(search, 1));
  const qs = queryString([...own, ...[...search].filter(([name]) => !URL_NAMES.has(name))]);
  return qs ? `?${qs}` : "";
}

/**
 * The catalogue filter: ONE table of its fields (CATALOGUE_FIELDS) from which every reader and writer is
 * derived — a page URL (SPEC §5, known names only), the API's query in both dialects (SPEC §3 "Newer
 * catalogue filter" `search[…]` and the classic flat names), the canonical page URL, the API key, the form's
 * fields, the noindex rule and the phone sheet's reset. The SQL of each field is in
 * worker/db/queries/complex-filter.ts (FIELD_SQL, with the level each is tested at), keyed by the same name.
 * README «Add a filter».
 */
import { BUILD_STAGES, BUILD_TYPES, CLASSES, PARKING } from "../codes";
import { DEFAULT_SORT, SORTS, type Sort } from "../constants";
import { parsePrice } from "../format/amount";
import { COMMUTE_LIMITS, type CommuteOffset, canonicalPoint, POINT_RULE, STATION_COUNT } from "./commute";
import {
  type Dialect,
  type FilterOf,
  type Get,
  hasPersonal,
  joinedGet,
  namesOfTable,
  queryString,
  readPaging,
  readSortOf,
  readTable,
  resetFields,
  valueCount,
  writeTable,
} from "./fields";
import { ID_LIST_MAX, IDS_MAX } from "./keys";
import { AREA_FIELD, codes, OTDELKA_FIELD, PRICE_FIELD, ROOMS_FIELD } from "./shared-fields";

export { FilterError, type Range } from "./fields";
export { filterToApiParams, filterToApiQuery, ID_LIST_MAX, IDS_MAX } from "./keys";

/** SPEC §4 distance: how one gets to the station, and in how long (codes; 1 is the first, SPEC §9). */
export const DISTANCE_TYPES = { 1: "Пешком", 2: "На транспорте" } as const;
export const DISTANCE_TIMES = {
  1: "до 5 минут",
  2: "до 10 минут",
  3: "до 15 минут",
  4: "до 20 минут",
  5: "до 30 минут",
} as const;
/** The minutes of each distance time code (the SQL compares minutes). */
export const DISTANCE_MINUTES: Readonly<Record<number, number>> = { 1: 5, 2: 10, 3: 15, 4: 20, 5: 30 };

/**
 * The distance codes the form offers: a way of getting there that some complex has a station by, and a time
 * within which one is by the chosen way (a time alone is on foot: pairDistance) — never an option that finds
 * nothing (on transport within 5 minutes, when the nearest ride is 7). `nearest`: the fewest minutes to a
 * station of a published complex by each way.
 */
export function distanceOptions(
  nearest: readonly { distance_type: number; minutes: number }[],
  type: number,
): { types: number[]; times: number[] } {
  const fewest = (t: number) =>
    Math.min(...nearest.filter((n) => n.distance_type === t).map((n) => n.minutes));
  const types = Object.keys(DISTANCE_TYPES)
    .map(Number)
    .filter((t) => Number.isFinite(fewest(t)));
  const least = fewest(type);
  const times = Object.keys(DISTANCE_TIMES)
    .map(Number)
    .filter((code) => (DISTANCE_MINUTES[code] ?? 0) >= least);
  return { types, times };
}

const ID_MAX = 999_999_999;
/** The most years one deadline filter names (the form offers «сдан» and the next few years). */
const DEADLINE_YEARS_MAX = 20;
/**
 * One id list: comma-separated ids of a table, under the newer `search[x]` and the flat `x`; in the page URL
 * when `url` names it there.
 */
const ids = (name: string, label: string, url?: readonly [string]) =>
  ({
    kind: "list",
    label,
    ...(url ? { url } : {}),
    api: [`search[${name}]`, name],
    min: 1,
    max: ID_MAX,
    entries: "номера",
    maxItems: ID_LIST_MAX,
    seo: true,
  }) as const;
/** An id list of the form's location cascade: in the page URL, cleared by the phone sheet's reset. */
const placeIds = (name: string, label: string) =>
  ({ ...ids(name, label), url: [name], modalReset: true }) as const;
/**
 * The catalogue's filter fields. `url`: the page URL's names (the first is written); `api`: the API's
 * names, all read, the first `search[<field>]` (API keys are written under it: keys.ts apiParams); `seo`:
 * counts toward noindex; `modalReset`: the phone sheet's reset clears it (SPEC §4). A new filter is one
 * entry here plus its SQL in FIELD_SQL.
 */
export const CATALOGUE_FIELDS = {
  price: PRICE_FIELD,
  /**
   * «Платёж до N ₽/мес»: turned into a price bound by the cards' mortgage assumptions
   * (shared/mortgage-payment.ts), so its SQL is the price's.
   */
  payment: {
    kind: "range",
    label: "Платёж по ипотеке",
    unit: "₽/мес",
    url: ["min_payment", "max_payment"],
    api: [
      ["search[payment][min]", "search[payment][max]"],
      ["min_payment", "max_payment"],
    ],
    max: 1e9,
    examples: ["85000", "85 тыс."],
    formEnds: ["max"],
    parse: parsePrice,
    seo: true,
  },
  area: AREA_FIELD,
  rooms: ROOMS_FIELD,
  /** Years of the deadline; 0 stands for «сдан». */
  deadline: {
    kind: "list",
    label: "Срок сдачи",
    url: ["deadline"],
    api: ["search[deadline]", "deadline", "completion_year"],
    min: 0,
    max: 2100,
    entries: "годы (0 — сдан)",
    maxItems: DEADLINE_YEARS_MAX,
    seo: true,
    modalReset: true,
  },
  regions: placeIds("regions", "Регион"),
  localities: placeIds("localities", "Населённый пункт"),
  subway_stations: placeIds("subway_stations", "Метро, МЦК, МЦД"),
  /** In the page URL too: the form's developer type-ahead sets it. */
  developers: ids("developers", "Застройщик", ["developers"]),
  districts: ids("districts", "Район"),
  city_areas: ids("city_areas", "Округ"),
  mo_districts: ids("mo_districts", "Район области"),
  highways: ids("highways", "Шоссе"),
  railways: ids("railways", "Железная дорога"),
  otdelka: OTDELKA_FIELD,
  build_stage: codes("build_stage", "Стадия строительства", BUILD_STAGES, true),
  build_class: codes("build_class", "Класс жилья", CLASSES, true),
  build_type: codes("build_type", "Тип дома", BUILD_TYPES, true),
  parking: codes("parking", "Парковка", PARKING, false),
  /** Type and time go together (pairDistance); one value for noindex, counted on the type. */
  distance_type: {
    kind: "code",
    label: "Как добираться до станции",
    url: ["distance_type"],
    api: ["search[distance_type]", "distance_type"],
    options: DISTANCE_TYPES,
    seo: true,
  },
  distance_time: {
    kind: "code",
    label: "Сколько минут до станции",
    url: ["distance_time"],
    api: ["search[distance_time]", "distance_time"],
    options: DISTANCE_TIMES,
  },
  /** From the named listing pages: near a metro or МЦК station on foot; early-stage complexes. */
  near: {
    kind: "word",
    label: "У станции",
    api: ["search[near]"],
    pattern: /^(metro|mcc)$/,
    rule: "ожидается metro (метро) или mcc (МЦК)",
    example: "metro",
    seo: true,
  },
  investment: { kind: "flag", label: "Для инвестиций", api: ["search[investment]"], seo: true },
  /** Construction (issue 31): no house's deadline ever moved; every house being built has a low risk of delay. */
  no_moves: {
    kind: "flag",
    label: "Без переносов срока",
    url: ["no_moves"],
    api: ["search[no_moves]", "no_moves"],
    seo: true,
    modalReset: true,
  },
  low_risk: {
    kind: "flag",
    label: "Риск переноса: низкий",
    url: ["low_risk"],
    api: ["search[low_risk]", "low_risk"],
    seo: true,
    modalReset: true,
  },
  /** A location page's place, "po-metro/sokolniki": the loader resolves it to its id filter. */
  location: {
    kind: "word",
    label: "Место",
    api: ["search[location]"],
    pattern: /^[a-z-]{2,20}\/[a-z0-9-]{1,120}$/,
    rule: "ожидается тип места и его адрес через косую черту, например po-metro/sokolniki",
    example: "po-metro/sokolniki",
    seo: true,
  },
  /** Complexes by id (the favourites page): positive, at most IDS_MAX. */
  ids: {
    kind: "list",
    label: "Избранные ЖК",
    api: ["search[ids]"],
    min: 1,
    max: ID_MAX,
    maxItems: IDS_MAX,
    entries: "номера ЖК",
  },
  /**
   * «Время в пути» (issue 32): the station one goes to every day (an id of subway_stations) and the limit door
   * to door. The destination alone filters nothing (the cards show the times to it), nor does a limit alone (a
   * limit to nowhere); together, only the complexes with a way that short (worker/db/queries/commute.ts).
   * Personal: never indexed.
   */
  commute_to: {
    kind: "id",
    label: "Куда ехать",
    url: ["commute_to"],
    api: ["search[commute_to]", "commute_to"],
    max: STATION_COUNT,
    personal: true,
    modalReset: true,
  },
  /**
   * A point as the destination (issue 32): «55.7539,37.6208», latitude and longitude with 4 decimals. The loader
   * turns it into the station nearest on foot and the walk from there (worker/loaders/commute.ts), so it is a
   * destination like a station, its walk added to every time. With a station as well, the point is the one
   * (readFilter drops the station). Personal: never indexed.
   */
  commute_at: {
    kind: "word",
    label: "Точка на карте",
    url: ["commute_at"],
    api: ["search[commute_at]", "commute_at"],
    pattern: /^\d{2}\.\d{4},\d{2}\.\d{4}$/,
    canonical: canonicalPoint,
    rule: POINT_RULE,
    example: "55.7539,37.6208",
    personal: true,
    modalReset: true,
  },
  commute_max: {
    kind: "code",
    label: "Время в пути",
    url: ["commute_max"],
    api: ["search[commute_max]", "commute_max"],
    options: COMMUTE_LIMITS,
    personal: true,
    modalReset: true,
  },
} as const;

export type CatalogueFields = typeof CATALOGUE_FIELDS;
export type CatalogueField = keyof CatalogueFields;
/** A filter; once the loader has resolved its point (resolveCommute), with the walk from the station too. */
export type CatalogueFilter = FilterOf<CatalogueFields> & CommuteOffset;
/** Fields whose value is a list of ids or codes. */
export type ListField = {
  [K in CatalogueField]: CatalogueFields[K]["kind"] extends "list" ? K : never;
}[CatalogueField];

/** The commute's order (issue 32): the quickest door to door first; a list with a destination offers it. */
export const COMMUTE_SORT = "commute asc";
/** A catalogue list's sort: one of SORTS, or the commute's with a destination. */
export type CatalogueSort = Sort | typeof COMMUTE_SORT;
const WITH_COMMUTE: readonly CatalogueSort[] = [...SORTS, COMMUTE_SORT];

/** The sorts a filter's list offers: the commute's only with a destination. */
export function sortsOf(f: CatalogueFilter): readonly CatalogueSort[] {
  return f.commute_to === undefined && f.commute_at === undefined ? SORTS : WITH_COMMUTE;
}

/** Sort (SPEC §4): the page URL's and the API's `sort`, or the newer dialect's sort_column + sort_order. */
export const SORT_FIELD = {
  url: "sort",
  label: "Сортировка",
  options: {
    "price desc": "Сначала дороже",
    "price asc": "Сначала дешевле",
    "price_m2 asc": "Сначала дешевле за м²",
    "deadline asc": "Сначала ближайший срок сдачи",
    "area desc": "Сначала большие по площади",
    "metro asc": "Сначала ближе к метро",
    "new desc": "Сначала новые в каталоге",
    "readiness desc": "Сначала самые готовые",
    "commute asc": "Сначала быстрее доехать",
  } satisfies Record<CatalogueSort, string>,
} as const;

export interface ListQuery {
  filter: CatalogueFilter;
  page: number;
  perPage: number;
  sort: CatalogueSort;
}

/** Distance type and time go together; when one is set and the other is empty, the other becomes 1. */
export function pairDistance(filter: CatalogueFilter): CatalogueFilter {
  const { distance_type: type, distance_time: time } = filter;
  if (type === undefined && time === undefined) return filter;
  return { ...filter, distance_type: type ?? 1, distance_time: time ?? 1 };
}

/** One destination: a point named besides a station is the one (the station is dropped from the URL). */
export function oneDestination(filter: CatalogueFilter): CatalogueFilter {
  if (filter.commute_at === undefined || filter.commute_to === undefined) return filter;
  const { commute_to: _, ...rest } = filter;
  return rest;
}

/** The list's sort among those its filter offers (sortsOf). */
export function readSort(get: Get, f: CatalogueFilter): CatalogueSort {
  return readSortOf(get, sortsOf(f), DEFAULT_SORT);
}

/** A filter read in a dialect; the API's reading throws a FilterError for a bad value, a page's drops it. */
export function readFilter(get: Get, dialect: Dialect): CatalogueFilter {
  return oneDestination(pairDistance(readTable(CATALOGUE_FIELDS, get, dialect, dialect === "api")));
}

/** The API's list query: both dialects, strict (a FilterError names the parameter and its rule). */
export function readApiQuery(params: URLSearchParams, defaultPerPage: number): ListQuery {
  const get = joinedGet(params);
  const filter = readFilter(get, "api");
  return { filter, ...readPaging(get, defaultPerPage, true), sort: readSort(get, filter) };
}

/** A page URL's own filter: SPEC §5's names only, malformed values dropped (never a 400 page). */
export function readPageQuery(search: URLSearchParams, perPage: number): ListQuery {
  const get = joinedGet(search);
  const { page } = readPaging(get, perPage, false);
  const filter = readFilter(get, "url");
  return { filter, page, perPage, sort: readSort(get, filter) };
}

/** Merges a base filter (a location or a named page) under the visitor's own choices. */
export function mergeFilters(base: CatalogueFilter, own: CatalogueFilter): CatalogueFilter {
  return oneDestination(pairDistance({ ...base, ...own }));
}

export function isEmptyFilter(f: CatalogueFilter): boolean {
  return Object.keys(f).length === 0;
}

/** The visitor's filter as the page URL's query (SPEC §5 names); empty and default values never appear. */
export function filterToUrlParams(
  f: CatalogueFilter,
  page = 1,
  sort: CatalogueSort = DEFAULT_SORT,
): URLSearchParams {
  const p = new URLSearchParams(writeTable(CATALOGUE_FIELDS, f));
  if (sort !== DEFAULT_SORT) p.set(SORT_FIELD.url, sort);
  if (page > 1) p.set("page", String(page));
  return p;
}

/** `?min_price=…&rooms=1,2` (commas kept readable) or "" for no filter. */
export function filterToUrlQuery(f: CatalogueFilter, page = 1, sort: CatalogueSort = DEFAULT_SORT): string {
  const qs = queryString(filterToUrlParams(f, page, sort));
  return qs ? `?${qs}` : "";
}

/** Every name a page URL's filter reads (its fields, page and sort). */
const URL_NAMES = new Set([...namesOfTable(CATALOGUE_FIELDS, "url"), "page", SORT_FIELD.url]);

/** The parameters of a query that are not the catalogue filter's, its page or its sort (advertising marks). */
const notFilter = (search: URLSearchParams) => [...search].filter(([name]) => !URL_NAMES.has(name));

/**
 * The canonical query of a catalogue page: its filter, page and sort written back (no empty, default,
 * malformed or repeated names; an inverted range swapped), the other parameters (advertising marks) kept as
 * they came. A form submitted without JavaScript is answered 301 to it when it differs.
 */
export function canonicalCatalogueSearch(search: URLSearchParams): string {
  const q = readPageQuery(search, 1);
  const qs = queryString([...filterToUrlParams(q.filter, q.page, q.sort), ...notFilter(search)]);
  return qs ? `?${qs}` : "";
}

/** The canonical query of a page that lists without a filter (the home page): the other parameters only. */
export function canonicalUnfilteredSearch(search: URLSearchParams): string {
  const qs = queryString(notFilter(search));
  return qs ? `?${qs}` : "";
}

/** Filter values for the noindex rule: each list entry one, a range one, a distance (type and time) one. */
export function filterValueCount(f: CatalogueFilter): number {
  return valueCount(CATALOGUE_FIELDS, f);
}

/** The filter holds a visitor's own choice (a commute): the page is never indexed. */
export function isPersonalFilter(f: CatalogueFilter): boolean {
  return hasPersonal(CATALOGUE_FIELDS, f);
}

/** SPEC §4: choosing a value adds it if absent and removes it if present; an empty value clears the filter. */
export function toggleValue(list: number[] | undefined, value: number | null): number[] | undefined {
  if (value === null) return undefined;
  const next = list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value];
  return next.length ? next : undefined;
}

/** SPEC §4: the modal's reset clears only the fields marked modalReset; the full reset clears everything. */
export function modalReset(f: CatalogueFilter): CatalogueFilter {
  return resetFields(CATALOGUE_FIELDS, f);
}

/** Region ids of the catalogue (fixed: the seed and the product define exactly these three). */
export const REGION_IDS = { moskva: 1, "novaya-moskva": 2, "moskovskaya-oblast": 3 } as const;

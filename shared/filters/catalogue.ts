/**
 * The catalogue filter (SPEC §3 "Newer catalogue filter" and the classic flat filter), read from both
 * dialects of the API and from page URLs, and written back to API keys and page URLs.
 * Rules of SPEC §4–5: null/empty values are omitted; comma-separated id lists keep only numeric entries;
 * distance type and time go together (a missing one becomes 1); sort is 'price desc' (default) or 'price asc'.
 */
import { DEFAULT_SORT, PER_PAGE_MAX, SORTS, type Sort } from "../constants";

/** The most complexes one `search[ids]` filter names (the favourites page reads at most this many). */
export const IDS_MAX = PER_PAGE_MAX;

export interface Range {
  min?: number;
  max?: number;
}

export interface CatalogueFilter {
  price?: Range;
  area?: Range;
  rooms?: number[];
  /** Years of the deadline; 0 stands for «сдан». */
  deadline?: number[];
  regions?: number[];
  localities?: number[];
  subway_stations?: number[];
  developers?: number[];
  districts?: number[];
  city_areas?: number[];
  mo_districts?: number[];
  highways?: number[];
  railways?: number[];
  otdelka?: number[];
  distance_type?: number;
  distance_time?: number;
  build_stage?: number[];
  build_type?: number[];
  build_class?: number[];
  parking?: number[];
  /** From the named listing pages: near a metro or МЦК station on foot; early-stage complexes. */
  near?: "metro" | "mcc";
  investment?: boolean;
  /** A location page's place, "po-metro/sokolniki": the loader resolves it to its id filter. */
  location?: string;
  /** Complexes by id (the favourites page): positive, at most IDS_MAX. */
  ids?: number[];
}

export interface ListQuery {
  filter: CatalogueFilter;
  page: number;
  perPage: number;
  sort: Sort;
}

export const LIST_FIELDS = [
  "rooms",
  "deadline",
  "regions",
  "localities",
  "subway_stations",
  "developers",
  "districts",
  "city_areas",
  "mo_districts",
  "highways",
  "railways",
  "otdelka",
  "build_stage",
  "build_type",
  "build_class",
  "parking",
] as const;
export type ListField = (typeof LIST_FIELDS)[number];

export class FilterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** "1,2,x,,3" → [1, 2, 3]: only numeric entries survive (negative for rooms: -1 is a free plan). */
export function idList(value: string | null | undefined): number[] | undefined {
  if (!value) return undefined;
  const ids = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^-?\d{1,10}$/.test(s))
    .map(Number);
  const unique = [...new Set(ids)];
  return unique.length ? unique : undefined;
}

function num(
  value: string | null | undefined,
  field: string,
  strict: boolean,
  max = 1e12,
): number | undefined {
  if (value === null || value === undefined || value.trim() === "") return undefined;
  const s = value.trim().replace(/\s/g, "");
  if (/^\d{1,13}(\.\d{1,2})?$/.test(s) && Number(s) <= max) return Number(s);
  if (strict) throw new FilterError(field, `${field}: ожидается неотрицательное число`);
  return undefined;
}

function range(
  min: number | undefined,
  max: number | undefined,
  field: string,
  strict: boolean,
): Range | undefined {
  if (min === undefined && max === undefined) return undefined;
  if (strict && min !== undefined && max !== undefined && min > max) {
    throw new FilterError(field, `${field}: минимум больше максимума`);
  }
  const r: Range = {};
  if (min !== undefined) r.min = min;
  if (max !== undefined) r.max = max;
  return r;
}

/** Distance type and time go together; when one is set and the other is empty, the other becomes 1. */
export function pairDistance(filter: CatalogueFilter): CatalogueFilter {
  const { distance_type: type, distance_time: time } = filter;
  if (type === undefined && time === undefined) return filter;
  return { ...filter, distance_type: type ?? 1, distance_time: time ?? 1 };
}

type Get = (name: string) => string | null;

/**
 * Reads a filter from query parameters in either dialect: the newer `search[price][min]`, `search[rooms]` …
 * or the classic flat `min_price`, `rooms`, `completion_year`, `renovation` … Strict mode (the API) throws a
 * FilterError naming the field for a malformed number; lenient mode (page URLs) drops it.
 */
export function readFilter(get: Get, strict: boolean): CatalogueFilter {
  const s = (name: string) => get(`search[${name}]`);
  const f: CatalogueFilter = {};
  const price = range(
    num(s("price][min") ?? get("min_price"), "min_price", strict),
    num(s("price][max") ?? get("max_price"), "max_price", strict),
    "price",
    strict,
  );
  const area = range(
    num(s("area][min") ?? get("min_area"), "min_area", strict, 10_000),
    num(s("area][max") ?? get("max_area"), "max_area", strict, 10_000),
    "area",
    strict,
  );
  if (price) f.price = price;
  if (area) f.area = area;
  const aliases: Partial<Record<ListField, string[]>> = {
    deadline: ["completion_year"],
    otdelka: ["renovation"],
  };
  for (const field of LIST_FIELDS) {
    const raw = s(field) ?? get(field) ?? aliases[field]?.map((a) => s(a) ?? get(a)).find((x) => x) ?? null;
    const ids = idList(raw);
    if (ids) f[field] = ids;
  }
  const dType = num(s("distance_type") ?? get("distance_type"), "distance_type", strict, 2);
  const dTime = num(s("distance_time") ?? get("distance_time"), "distance_time", strict, 120);
  if (dType !== undefined && dType >= 1) f.distance_type = Math.round(dType);
  if (dTime !== undefined && dTime >= 1) f.distance_time = Math.round(dTime);
  const near = s("near");
  if (near === "metro" || near === "mcc") f.near = near;
  if (s("investment") === "1") f.investment = true;
  const location = s("location");
  if (location && /^[a-z-]{2,20}\/[a-z0-9-]{1,120}$/.test(location)) f.location = location;
  const rawIds = s("ids");
  if (rawIds) {
    const ids = idList(rawIds)?.filter((id) => id > 0);
    if (ids?.length) f.ids = ids.slice(0, IDS_MAX);
    // An id list with no id in it must not quietly become «every complex».
    else if (strict) throw new FilterError("ids", "ids: ожидаются номера ЖК через запятую");
  }
  return pairDistance(f);
}

export function readSort(get: Get): Sort {
  const sort = get("sort");
  if (sort && (SORTS as readonly string[]).includes(sort)) return sort as Sort;
  const order = get("sort_order");
  if (get("sort_column") === "price" && (order === "asc" || order === "desc")) return `price ${order}`;
  return DEFAULT_SORT;
}

/** Page and per_page of a list call: page ≥ 1 (strict: else 400), per_page capped at 100. */
export function readPaging(
  get: Get,
  defaultPerPage: number,
  strict: boolean,
): { page: number; perPage: number } {
  const rawPage = get("page");
  let page = 1;
  if (rawPage !== null && rawPage !== "") {
    if (/^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1) page = Number(rawPage);
    else if (strict) throw new FilterError("page", "page: номер страницы — целое число от 1");
  }
  const rawPer = get("per_page");
  let perPage = defaultPerPage;
  if (rawPer !== null && rawPer !== "") {
    if (/^\d{1,6}$/.test(rawPer) && Number(rawPer) >= 1) perPage = Math.min(PER_PAGE_MAX, Number(rawPer));
    else if (strict) throw new FilterError("per_page", "per_page: размер страницы — целое число от 1");
  }
  return { page, perPage };
}

export function readListQuery(params: URLSearchParams, defaultPerPage: number, strict: boolean): ListQuery {
  // A GET form sends a multi-select as repeated names (rooms=1&rooms=2): read them as one list.
  const get: Get = (n) => {
    const all = params.getAll(n);
    return all.length > 1 ? all.join(",") : (all[0] ?? null);
  };
  return { filter: readFilter(get, strict), ...readPaging(get, defaultPerPage, strict), sort: readSort(get) };
}

/** Merges a base filter (a location or a named page) under the visitor's own choices. */
export function mergeFilters(base: CatalogueFilter, own: CatalogueFilter): CatalogueFilter {
  return pairDistance({ ...base, ...own });
}

export function isEmptyFilter(f: CatalogueFilter): boolean {
  return Object.keys(f).length === 0;
}

/** The newer dialect's query for an API key: `search[price][min]=…`, lists comma-separated, empties omitted. */
export function filterToApiQuery(q: ListQuery): Record<string, string | number> {
  const out = filterToApiParams(q.filter);
  if (q.page !== 1) out.page = q.page;
  out.per_page = q.perPage;
  if (q.sort !== DEFAULT_SORT) out.sort = q.sort;
  return out;
}

/** The filter part of filterToApiQuery (the map call takes the filter without paging and sort). */
export function filterToApiParams(f: CatalogueFilter): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.price?.min !== undefined) out["search[price][min]"] = f.price.min;
  if (f.price?.max !== undefined) out["search[price][max]"] = f.price.max;
  if (f.area?.min !== undefined) out["search[area][min]"] = f.area.min;
  if (f.area?.max !== undefined) out["search[area][max]"] = f.area.max;
  for (const field of LIST_FIELDS) {
    const ids = f[field];
    if (ids?.length) out[`search[${field}]`] = [...ids].sort((a, b) => a - b).join(",");
  }
  if (f.distance_type !== undefined) out["search[distance_type]"] = f.distance_type;
  if (f.distance_time !== undefined) out["search[distance_time]"] = f.distance_time;
  if (f.near) out["search[near]"] = f.near;
  if (f.location) out["search[location]"] = f.location;
  if (f.investment) out["search[investment]"] = 1;
  if (f.ids?.length) out["search[ids]"] = [...f.ids].sort((a, b) => a - b).join(",");
  return out;
}

/** Page-URL names (SPEC §5 plus the listing's otdelka and our form's developers, parking and distance). */
export const URL_FIELDS: readonly ListField[] = [
  "rooms",
  "deadline",
  "regions",
  "localities",
  "subway_stations",
  "developers",
  "otdelka",
  "build_stage",
  "build_type",
  "build_class",
  "parking",
];

/** The visitor's filter as page-URL parameters (flat names); null/empty values never appear. */
export function filterToUrlParams(f: CatalogueFilter, page = 1, sort: Sort = DEFAULT_SORT): URLSearchParams {
  const p = new URLSearchParams();
  if (f.price?.min !== undefined) p.set("min_price", String(f.price.min));
  if (f.price?.max !== undefined) p.set("max_price", String(f.price.max));
  if (f.area?.min !== undefined) p.set("min_area", String(f.area.min));
  if (f.area?.max !== undefined) p.set("max_area", String(f.area.max));
  for (const field of URL_FIELDS) {
    const ids = f[field];
    if (ids?.length) p.set(field, ids.join(","));
  }
  if (f.distance_type !== undefined) p.set("distance_type", String(f.distance_type));
  if (f.distance_time !== undefined) p.set("distance_time", String(f.distance_time));
  if (sort !== DEFAULT_SORT) p.set("sort", sort);
  if (page > 1) p.set("page", String(page));
  return p;
}

/** SPEC §4: choosing a value adds it if absent and removes it if present; an empty value clears the filter. */
export function toggleValue(list: number[] | undefined, value: number | null): number[] | undefined {
  if (value === null) return undefined;
  const next = list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value];
  return next.length ? next : undefined;
}

/** SPEC §4: the modal's reset clears only these; the full reset clears everything. */
export const MODAL_RESET_FIELDS = [
  "area",
  "deadline",
  "regions",
  "localities",
  "subway_stations",
  "otdelka",
  "build_stage",
  "build_type",
  "build_class",
] as const satisfies readonly (keyof CatalogueFilter)[];

export function modalReset(f: CatalogueFilter): CatalogueFilter {
  const next = { ...f };
  for (const k of MODAL_RESET_FIELDS) delete next[k];
  return next;
}

/** Region ids of the catalogue (fixed: the seed and the product define exactly these three). */
export const REGION_IDS = { moskva: 1, "novaya-moskva": 2, "moskovskaya-oblast": 3 } as const;

/** The apartments (living objects) filter: a complex and its houses, rooms, price, area, floor, finishing. */
import { PER_PAGE_MAX } from "../constants";
import { FilterError, idList, type Range } from "./catalogue";

export const APARTMENT_SORTS = ["price asc", "price desc", "area asc", "area desc"] as const;
export type ApartmentSort = (typeof APARTMENT_SORTS)[number];

export interface ApartmentFilter {
  complex?: number;
  houses?: number[];
  rooms?: number[];
  price?: Range;
  area?: Range;
  floor?: Range;
  otdelka?: number[];
  /** 1 в продаже (default), 2 бронь, 3 продана. */
  status?: number[];
}

export interface ApartmentQuery {
  filter: ApartmentFilter;
  page: number;
  perPage: number;
  sort: ApartmentSort;
}

type Get = (name: string) => string | null;

function num(get: Get, names: string[], strict: boolean, max: number): number | undefined {
  for (const name of names) {
    const raw = get(name);
    if (raw === null || raw.trim() === "") continue;
    if (/^\d{1,12}(\.\d{1,2})?$/.test(raw.trim()) && Number(raw) <= max) return Number(raw);
    if (strict) throw new FilterError(name, `${name}: ожидается неотрицательное число`);
  }
  return undefined;
}

function range(min?: number, max?: number): Range | undefined {
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function readApartmentQuery(
  params: URLSearchParams,
  defaultPerPage: number,
  strict: boolean,
): ApartmentQuery {
  const get: Get = (n) => params.get(n);
  const f: ApartmentFilter = {};
  const complex = num(
    get,
    ["search[residential_complex_id]", "residential_complex_id", "complex_id"],
    strict,
    1e9,
  );
  if (complex !== undefined) f.complex = complex;
  const lists: [keyof ApartmentFilter, string[]][] = [
    ["houses", ["search[houses]", "houses", "house_id"]],
    ["rooms", ["search[rooms]", "rooms"]],
    ["otdelka", ["search[otdelka]", "otdelka", "renovation"]],
    ["status", ["search[status]", "status"]],
  ];
  for (const [field, names] of lists) {
    const ids = idList(names.map(get).find((x) => x) ?? null);
    if (ids) (f as Record<string, number[]>)[field] = ids;
  }
  const price = range(
    num(get, ["search[price][min]", "min_price"], strict, 1e12),
    num(get, ["search[price][max]", "max_price"], strict, 1e12),
  );
  const area = range(
    num(get, ["search[area][min]", "min_area"], strict, 1e4),
    num(get, ["search[area][max]", "max_area"], strict, 1e4),
  );
  const floor = range(
    num(get, ["search[floor][min]", "min_floor"], strict, 200),
    num(get, ["search[floor][max]", "max_floor"], strict, 200),
  );
  if (price) f.price = price;
  if (area) f.area = area;
  if (floor) f.floor = floor;
  const rawPage = get("page");
  const page = rawPage && /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  if (strict && rawPage && page === 1 && rawPage !== "1")
    throw new FilterError("page", "page: номер страницы — целое число от 1");
  const rawPer = get("per_page");
  const perPage =
    rawPer && /^\d{1,6}$/.test(rawPer) && Number(rawPer) >= 1
      ? Math.min(PER_PAGE_MAX, Number(rawPer))
      : defaultPerPage;
  const sortRaw = get("sort");
  const sort = (APARTMENT_SORTS as readonly string[]).includes(sortRaw ?? "")
    ? (sortRaw as ApartmentSort)
    : "price asc";
  return { filter: f, page, perPage, sort };
}

export function apartmentFilterToApiQuery(q: ApartmentQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const f = q.filter;
  if (f.complex !== undefined) out["search[residential_complex_id]"] = f.complex;
  for (const field of ["houses", "rooms", "otdelka", "status"] as const) {
    const ids = f[field];
    if (ids?.length) out[`search[${field}]`] = [...ids].sort((a, b) => a - b).join(",");
  }
  for (const field of ["price", "area", "floor"] as const) {
    const r = f[field];
    if (r?.min !== undefined) out[`search[${field}][min]`] = r.min;
    if (r?.max !== undefined) out[`search[${field}][max]`] = r.max;
  }
  if (q.page !== 1) out.page = q.page;
  out.per_page = q.perPage;
  if (q.sort !== "price asc") out.sort = q.sort;
  return out;
}

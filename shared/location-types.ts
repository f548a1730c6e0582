/**
 * Location types of the site (SPEC §2 {type}) and how each maps to the API, the filter and its titles: a table the
 * layout's quick search reads on every page, apart from the places' phrases (shared/locations.ts).
 */
import type { LocationType } from "./constants";
import type { ListField } from "./filters/catalogue";

/** The location calls of the API: /locations/{api}/grid and /locations/{api}/{id}. */
export const LOCATION_APIS = [
  "subways",
  "districts",
  "highways",
  "localities",
  "regions",
  "city-areas",
  "mo-districts",
  "railways",
] as const;
export type LocationApi = (typeof LOCATION_APIS)[number];

export interface LocationTypeDef {
  api: LocationApi;
  /** For subways: which kind of station. For localities: which region. */
  kind?: "metro" | "mcc" | "mcd";
  region?: number;
  filter: ListField;
  /** Tab and page titles. */
  label: string;
  title: string;
}

export const LOCATION_TYPE_DEFS: Record<LocationType, LocationTypeDef> = {
  "po-metro": {
    api: "subways",
    kind: "metro",
    filter: "subway_stations",
    label: "Метро",
    title: "Новостройки у метро",
  },
  mck: {
    api: "subways",
    kind: "mcc",
    filter: "subway_stations",
    label: "МЦК",
    title: "Новостройки у станций МЦК",
  },
  mcd: {
    api: "subways",
    kind: "mcd",
    filter: "subway_stations",
    label: "МЦД",
    title: "Новостройки у станций МЦД",
  },
  "po-rajonam": {
    api: "districts",
    filter: "districts",
    label: "Районы",
    title: "Новостройки по районам Москвы",
  },
  "po-shosse": { api: "highways", filter: "highways", label: "Шоссе", title: "Новостройки по шоссе" },
  "po-gorodam": {
    api: "localities",
    region: 3,
    filter: "localities",
    label: "Города",
    title: "Новостройки в городах Подмосковья",
  },
  "po-zhd": {
    api: "railways",
    filter: "railways",
    label: "Ж/д направления",
    title: "Новостройки у железной дороги",
  },
  "po-rajonam-mo": {
    api: "mo-districts",
    filter: "mo_districts",
    label: "Районы области",
    title: "Новостройки по округам Подмосковья",
  },
  "po-okrugam": {
    api: "city-areas",
    filter: "city_areas",
    label: "Округа Москвы",
    title: "Новостройки по округам Москвы",
  },
  "po-regionam": { api: "regions", filter: "regions", label: "Регионы", title: "Новостройки по регионам" },
};

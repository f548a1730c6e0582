/** Location types of the site (SPEC §2 {type}) and how each maps to the API, the filter and Russian text. */
import type { LocationType } from "./constants";
import type { CatalogueFilter, ListField } from "./filters/catalogue";

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

/** What a phrase needs of a place: its name, its kind, and its cases as our geography writes them. */
export interface PlaceNames {
  name: string;
  kind?: string | null;
  /** «в Покровском-Стрешневе» (shared/geo/cases.ts through D1); null for stations. */
  name_in?: string | null;
  /** «Покровского-Стрешнева» */
  name_of?: string | null;
}

/** A station's type names it in apposition, after «метро» or «станции»: its name is never declined. */
const STATION_WORD: Partial<Record<LocationType, string>> = {
  "po-metro": "метро",
  mck: "станции МЦК",
  mcd: "станции МЦД",
};

/** What a place of a type is called before its name in apposition: «в районе Сокол», «в городе Балашиха». */
function appositionWord(type: LocationType, kind: string | null | undefined): string {
  switch (type) {
    case "po-rajonam":
      return kind === "поселение" ? "поселение" : kind === "городской округ" ? "городской округ" : "район";
    case "po-gorodam":
      return kind === "город" ? "город" : "населённый пункт";
    case "po-shosse":
      return "шоссе";
    case "po-zhd":
      return "направление";
    case "po-rajonam-mo":
    case "po-okrugam":
      return "округ";
    default:
      return "регион";
  }
}

/** The locative of a word of appositionWord: «районе», «городе», «округе»… */
const APPOSITION_IN: Record<string, string> = {
  район: "в районе",
  поселение: "в поселении",
  "городской округ": "в городском округе",
  город: "в городе",
  "населённый пункт": "в населённом пункте",
  шоссе: "на шоссе",
  направление: "на направлении",
  округ: "в округе",
  регион: "в регионе",
};

/**
 * Where a place is, as a sentence says it: «у метро Сокол», «в Покровском-Стрешневе», «на Ленинградском шоссе».
 * The locative comes from our geography (shared/geo/cases.ts, written once per place, carried by D1 as
 * name_in); a place without one is named in apposition («в районе Сокол»), never declined by rule.
 */
export function placeIn(type: LocationType, place: PlaceNames): string {
  const station = STATION_WORD[type];
  if (station) return `у ${station} ${place.name}`;
  if (place.name_in) return place.name_in;
  return `${APPOSITION_IN[appositionWord(type, place.kind)]} ${place.name}`;
}

/** «Новостройки Покровского-Стрешнева», «Новостройки у метро Сокол»: whose new-builds, from the genitive. */
export function placeNewBuilds(type: LocationType, place: PlaceNames): string {
  if (STATION_WORD[type] || !place.name_of) return `Новостройки ${placeIn(type, place)}`;
  return `Новостройки ${place.name_of}`;
}

/** The h1 of a location page: «Новостройки у метро Сокольники», «Новостройки на Ленинградском шоссе». */
export function locationHeading(type: LocationType, place: PlaceNames): string {
  return `Новостройки ${placeIn(type, place)}`;
}

/** The listing filter of a location item. */
export function locationFilter(def: LocationTypeDef, id: number): CatalogueFilter {
  return { [def.filter]: [id] };
}

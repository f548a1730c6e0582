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

/** «Ленинградское шоссе» → «Ленинградском шоссе»: the prepositional case of adjective + noun names. */
export function prepositional(name: string): string {
  return name
    .split(" ")
    .map((w) => {
      if (/^(шоссе|МЦК|МЦД)$/i.test(w)) return w;
      if (/(ый|ий|ой|ое|ее)$/.test(w) && w.length > 3) return w.replace(/(ый|ий|ой|ое|ее)$/, "ом");
      if (/(ая|яя)$/.test(w) && w.length > 3) return w.replace(/(ая|яя)$/, "ой");
      if (w === "округ") return "округе";
      if (w === "направление") return "направлении";
      if (w === "область") return "области";
      return w;
    })
    .join(" ")
    .replace(/^Городском/, "городском")
    .replace(/^Муниципальном/, "муниципальном");
}

/** The h1 of a location page: «Новостройки у метро Сокольники», «Новостройки на Ленинградском шоссе». */
export function locationHeading(type: LocationType, name: string, kind?: string, nameIn?: string): string {
  switch (type) {
    case "po-metro":
      return `Новостройки у метро ${name}`;
    case "mck":
      return `Новостройки у станции МЦК ${name}`;
    case "mcd":
      return `Новостройки у станции МЦД ${name}`;
    case "po-rajonam":
      return kind === "поселение"
        ? `Новостройки в поселении ${name}`
        : kind === "городской округ"
          ? `Новостройки в городском округе ${name}`
          : `Новостройки в районе ${name}`;
    case "po-shosse":
      return `Новостройки на ${prepositional(name)}`;
    case "po-gorodam":
      return kind === "город" ? `Новостройки в городе ${name}` : `Новостройки: ${name}`;
    case "po-zhd":
      return `Новостройки на ${prepositional(name)}`;
    case "po-rajonam-mo":
    case "po-okrugam":
      return `Новостройки в ${prepositional(name)}`;
    case "po-regionam":
      return `Новостройки ${nameIn ?? name}`;
  }
}

/** The listing filter of a location item. */
export function locationFilter(def: LocationTypeDef, id: number): CatalogueFilter {
  return { [def.filter]: [id] };
}

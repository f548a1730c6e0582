/** The places of a location type (shared/location-types.ts) in Russian phrases, and the filter each one stands for. */
import type { LocationType } from "./constants";
import type { CatalogueFilter } from "./filters/catalogue";
import type { LocationTypeDef } from "./location-types";

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

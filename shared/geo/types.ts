/** Geography of Moscow and the Moscow region, compiled by us (see README of this folder). */

export type LineKind = "metro" | "mcc" | "mcd";

export interface GeoStation {
  name: string;
  lat: number;
  lng: number;
}

export interface GeoLine {
  /** Official line number as Mosmetro writes it: "1" … "16", "8А", "11" (БКЛ), "14" (МЦК), "D1" … "D5". */
  number: string;
  kind: LineKind;
  /** Official name, e.g. «Сокольническая», «Московское центральное кольцо», «Белорусско-Савёловский» (МЦД-1). */
  name: string;
  /** Mosmetro brand colour, "#RRGGBB". */
  color: string;
  /** Stations in order along the line (for a ring: in the order of travel, starting anywhere). */
  stations: GeoStation[];
}

export interface GeoOkrug {
  slug: string;
  /** «Центральный административный округ» */
  name: string;
  /** «ЦАО» */
  abbrev: string;
  /** New Moscow okrugs (Новомосковский, Троицкий) belong to the region «Новая Москва». */
  region: "moscow" | "new-moscow";
  lat: number;
  lng: number;
}

export interface GeoDistrict {
  slug: string;
  /** As the municipal unit is named: «Хамовники», «поселение Сосенское» is written «Сосенское». */
  name: string;
  okrug: string; // GeoOkrug slug
  kind: "район" | "поселение" | "городской округ";
  /** An approximate centre point. */
  lat: number;
  lng: number;
}

export interface GeoHighway {
  slug: string;
  /** «Ленинградское шоссе» */
  name: string;
  /** Polyline from the centre outwards (a few points, the first at or inside МКАД, the last 40–60 km out). */
  path: [lat: number, lng: number][];
}

export interface GeoRailway {
  slug: string;
  /** «Ярославское направление» */
  name: string;
  /** Moscow terminal: «Ярославский вокзал». */
  terminal: string;
  /** Main stations along the direction, from Moscow outwards, with coordinates. */
  stations: GeoStation[];
}

export interface GeoMoDistrict {
  slug: string;
  /** «Городской округ Балашиха», «Богородский городской округ» */
  name: string;
  kind: "городской округ" | "муниципальный округ";
  /** Administrative centre, «Балашиха». */
  centre: string;
}

export interface GeoCity {
  slug: string;
  /** «Балашиха», «Красногорск» */
  name: string;
  /** «город», «посёлок», «деревня», «рабочий посёлок» … */
  kind: string;
  /** GeoMoDistrict slug this city belongs to. */
  moDistrict: string;
  lat: number;
  lng: number;
  population: number;
  /** Rough share of the oblast's new-build market, 1 (rare) … 10 (the largest markets: Балашиха, Красногорск, Люберцы …). */
  weight: number;
}

/** Coarse polylines for our own schematic base map. */
export interface GeoBasemap {
  /** Closed rings: МКАД, ТТК, Садовое кольцо, ЦКАД (approximate). */
  rings: { name: string; path: [number, number][] }[];
  /** The Moskva river through the city, west to east. */
  river: [number, number][];
}

/** The map call's answer (GET /residential-complexes/map): every complex of a filter, compact. */
import type { StationLink } from "./catalogue";

/** One complex: [id, lat, lng, name, slug, price from in ₽, index into `stations` or -1 (no station)]. */
export type MapPointTuple = [
  id: number,
  lat: number,
  lng: number,
  name: string,
  slug: string,
  minPrice: number,
  station: number,
];

export interface ComplexMap {
  /** The nearest stations the points refer to, each once: [name, kind, line colour]. */
  stations: [name: string, kind: StationLink["kind"], color: string][];
  points: MapPointTuple[];
}

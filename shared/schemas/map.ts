/**
 * The map call's answer (GET /residential-complexes/map-view): the clusters of a view of a filter's complexes,
 * made on the server, and the complexes the map may open as a card.
 */
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

/** A station a point refers to: [name, kind, line colour]. */
export type MapStation = [name: string, kind: StationLink["kind"], color: string];

/**
 * A cluster as the map draws it: its centroid, its number of complexes, its key (the smallest id among them)
 * and their bounds; positions in the map's kilometres (shared/map/projection.ts), to the metre.
 */
export type MapClusterTuple = [
  x: number,
  y: number,
  count: number,
  key: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
];

/**
 * A view of the map (shared/map/view.ts): the clusters of zoom levels `from` to `from + levels.length - 1`
 * (the whole catalogue at every level up to the first view's, or one closer level in a box), and the complexes
 * a cluster opens as a card: those alone in one, and each group of several in one place (`together`, their ids;
 * the smallest is the cluster's key).
 */
export interface MapView {
  from: number;
  levels: MapClusterTuple[][];
  stations: MapStation[];
  points: MapPointTuple[];
  together: number[][];
}

/**
 * The map calls' answers: every complex of a filter, compact (GET /residential-complexes/map), and the first
 * view's clusters (GET /residential-complexes/map-clusters), which the page embeds instead of the points.
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

export interface ComplexMap {
  /** The nearest stations the points refer to, each once. */
  stations: MapStation[];
  points: MapPointTuple[];
}

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
 * The map's first view: the clusters of every zoom level a first view can have (`levels[z]`, z from 0), the
 * complexes that stand alone at one of them (their points, with their stations) and how many there are.
 */
export interface ComplexMapClusters extends ComplexMap {
  total: number;
  levels: MapClusterTuple[][];
}

/** The map is only its first view: the points are not here yet. */
export const isFirstView = (map: ComplexMap | ComplexMapClusters): map is ComplexMapClusters =>
  "levels" in map;

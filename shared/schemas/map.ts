/**
 * The map call's answer (GET /residential-complexes/map-view): the clusters of a view of a filter's complexes,
 * made on the server, and the complexes the map may open as a card.
 */
import type { StationLink } from "./catalogue";

/**
 * One complex: [id, lat, lng, name, slug, price from in ₽, index into `stations` or -1 (no station)], and with
 * a commute's destination in the filter its minutes door to door there (-1: not known).
 */
export type MapPointTuple = [
  id: number,
  lat: number,
  lng: number,
  name: string,
  slug: string,
  minPrice: number,
  station: number,
  commute?: number,
];

/** A station a point refers to: [name, kind, line colour]. */
export type MapStation = [name: string, kind: StationLink["kind"], color: string];

/**
 * A cluster as the map draws it: its centroid, its number of complexes, its key (the smallest id among them)
 * and their bounds; positions in the map's kilometres (shared/map/projection.ts), to the metre. With a
 * commute's destination in the filter, the minutes of its quickest complex (-1: none known): a cluster is
 * coloured by the best its complexes offer, as the list sorted by commute starts with it.
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
  commute?: number,
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
  /** The commute's destination when the filter names one: its name, kind, line colour and place (km). */
  commuteTo?: MapDestination;
  /** With a destination: the areas coloured by commute (shared/map/areas.ts); absent when no station has a trip there. */
  areas?: MapAreas;
}

/**
 * The areas coloured by commute: [cell side (km), column and row of the first cell on the map's grid
 * (shared/map/cluster.ts ORIGIN), columns, bands]. The bands go row by row from the first cell in runs: a letter
 * of AREA_LETTERS (a band of shared/transit/bands.ts) or «.» (not coloured), then the run's length when it is
 * more than one cell. The cells after the last run are not coloured.
 */
export type MapAreas = [cell: number, ix: number, iy: number, cols: number, bands: string];

/** A band's letter in MapAreas' bands: «a» the quickest. */
export const AREA_LETTERS = "abcdefghij";

/**
 * A commute's destination as the map marks it: [name, kind, line colour, x, y] (km, to the metre) of its
 * station, and for a point (`commute_at`) the minutes on foot from that station to the point.
 */
export type MapDestination = [
  name: string,
  kind: StationLink["kind"],
  color: string,
  x: number,
  y: number,
  walk?: number,
];

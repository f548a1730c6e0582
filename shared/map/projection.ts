/**
 * The catalogue map's projection and view maths, the same on the server (the map in the HTML) and in the
 * browser. Equirectangular around the centre of Moscow, in kilometres, x to the east and y to the south: over
 * the Moscow region the scale error stays within 3 %, which a schematic map does not show.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Bounds {
  min: Point;
  max: Point;
}

/** What the screen shows: its centre (km) and the zoom, 2^zoom pixels to a kilometre. */
export interface View {
  x: number;
  y: number;
  zoom: number;
}

/** Red Square: the origin of the map. */
export const CENTRE = { lat: 55.7539, lng: 37.6208 };
export const KM_PER_LAT = 111.13;
export const KM_PER_LNG = 111.32 * Math.cos((CENTRE.lat * Math.PI) / 180);

/** From the region and its surroundings on a phone (1 px a kilometre) to a few streets on a desktop. */
export const ZOOM_MIN = 0;
export const ZOOM_MAX = 12;

export function project(lat: number, lng: number): Point {
  return { x: (lng - CENTRE.lng) * KM_PER_LNG, y: (CENTRE.lat - lat) * KM_PER_LAT };
}

export function unproject(p: Point): { lat: number; lng: number } {
  return { lat: CENTRE.lat - p.y / KM_PER_LAT, lng: CENTRE.lng + p.x / KM_PER_LNG };
}

/** Moscow and the Moscow region, where the catalogue's complexes are: panning stops at its edges. */
export const REGION: Bounds = { min: project(56.8, 36.6), max: project(54.85, 39.1) };
/** The first view: Moscow and its nearest suburbs, where most complexes are (the rest is one zoom out). */
export const HOME: Bounds = { min: project(56.05, 37.05), max: project(55.45, 38.2) };
/** The tallest map frame (client/components/map/map.css: `clamp(360px, 62vh, 640px)`). */
export const FRAME_MAX_HEIGHT = 640;

/**
 * The frame's size before the browser has measured it, by the server's guess of the screen (shared/boot.ts
 * `narrow`): a phone's (a screen 360–430 px wide less the page's margins, 62 % of its height) or a desktop's.
 * The server draws the first view to it and hydration starts from it. Guessed right, the first view has the
 * measured frame's level, so the measurement moves and scales what the server drew and replaces none of it.
 */
export const guessedFrame = (narrow: boolean): Size =>
  narrow ? { width: 360, height: 480 } : { width: 1200, height: 600 };

export const pxPerKm = (zoom: number): number => 2 ** zoom;

export function toScreen(view: View, size: Size, p: Point): Point {
  const s = pxPerKm(view.zoom);
  return { x: (p.x - view.x) * s + size.width / 2, y: (p.y - view.y) * s + size.height / 2 };
}

export function toMap(view: View, size: Size, p: Point): Point {
  const s = pxPerKm(view.zoom);
  return { x: view.x + (p.x - size.width / 2) / s, y: view.y + (p.y - size.height / 2) / s };
}

/** Zoom limits, and the centre kept inside the region. */
export function clampView(view: View): View {
  return {
    x: Math.min(REGION.max.x, Math.max(REGION.min.x, view.x)),
    y: Math.min(REGION.max.y, Math.max(REGION.min.y, view.y)),
    zoom: Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, view.zoom)),
  };
}

/** Moves the picture by (dx, dy) screen pixels, as a drag does. */
export function panBy(view: View, dx: number, dy: number): View {
  const s = pxPerKm(view.zoom);
  return clampView({ ...view, x: view.x - dx / s, y: view.y - dy / s });
}

/** Changes the zoom keeping the map point under `anchor` (screen pixels) where it is: wheel, pinch, double click. */
export function zoomAround(view: View, size: Size, anchor: Point, zoom: number): View {
  const z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
  const at = toMap(view, size, anchor);
  const s = pxPerKm(z);
  return clampView({
    x: at.x - (anchor.x - size.width / 2) / s,
    y: at.y - (anchor.y - size.height / 2) / s,
    zoom: z,
  });
}

/** The least a zoom step moves: a press always shows a change (a view at 2.99 goes to 4, not to 3). */
const MIN_ZOOM_STEP = 0.25;

/**
 * To the next whole level closer (+1) or farther (−1) at least MIN_ZOOM_STEP away, around `anchor`, the
 * screen's centre by default: buttons, keys, double click.
 */
export function zoomStep(view: View, size: Size, step: 1 | -1, anchor?: Point): View {
  const zoom =
    step > 0 ? Math.floor(view.zoom + MIN_ZOOM_STEP) + 1 : Math.ceil(view.zoom - MIN_ZOOM_STEP) - 1;
  return zoomAround(view, size, anchor ?? { x: size.width / 2, y: size.height / 2 }, zoom);
}

export function boundsOf(points: readonly Point[]): Bounds {
  const min = { x: Infinity, y: Infinity };
  const max = { x: -Infinity, y: -Infinity };
  for (const p of points) {
    min.x = Math.min(min.x, p.x);
    min.y = Math.min(min.y, p.y);
    max.x = Math.max(max.x, p.x);
    max.y = Math.max(max.y, p.y);
  }
  return { min, max };
}

/** The view that shows `bounds` whole, `padding` pixels from each edge (a point: the closest zoom). */
export function fitBounds(bounds: Bounds, size: Size, padding = 0): View {
  const w = Math.max(1, size.width - 2 * padding);
  const h = Math.max(1, size.height - 2 * padding);
  const dx = bounds.max.x - bounds.min.x;
  const dy = bounds.max.y - bounds.min.y;
  const scale = Math.min(dx > 0 ? w / dx : Infinity, dy > 0 ? h / dy : Infinity);
  return clampView({
    x: (bounds.min.x + bounds.max.x) / 2,
    y: (bounds.min.y + bounds.max.y) / 2,
    zoom: Number.isFinite(scale) ? Math.log2(scale) : ZOOM_MAX,
  });
}

/** The view that opens a cluster: its points filling the screen, and always at least one level closer. */
export function zoomInto(view: View, size: Size, bounds: Bounds): View {
  const fit = fitBounds(bounds, size, 48);
  return clampView({ ...fit, zoom: Math.max(fit.zoom, Math.floor(view.zoom) + 1) });
}

/** The first view in a frame of `size`: HOME whole, a little inside the edges. */
export const homeView = (size: Size): View => fitBounds(HOME, size, 8);

/**
 * The closest whole zoom level a first view can have: HOME is about as tall as it is wide, so the height of the
 * tallest frame bounds the zoom however wide the frame is. The server sends the clusters of the levels up to
 * this one, so the first view is drawn before the points arrive.
 */
export const FIRST_LEVEL = Math.floor(homeView({ width: 100_000, height: FRAME_MAX_HEIGHT }).zoom);

/** The page URL's parameter of the view (`?map=lat,lng,zoom`): a shared link opens the same map. */
export const VIEW_PARAM = "map";

/** The centre to about a metre; the zoom rounded down, so the link shows the same clusters (the same level). */
export function viewToParam(view: View): string {
  const { lat, lng } = unproject(view);
  return `${Number(lat.toFixed(5))},${Number(lng.toFixed(5))},${Math.floor(view.zoom * 100) / 100}`;
}

/** The view of a `map` parameter, kept within the region and the zoom limits; null when it is malformed. */
export function viewOfParam(value: string | null): View | null {
  const m = /^(\d{1,2}(?:\.\d{1,6})?),(\d{1,2}(?:\.\d{1,6})?),(\d{1,2}(?:\.\d{1,2})?)$/.exec(value ?? "");
  return m ? clampView({ ...project(Number(m[1]), Number(m[2])), zoom: Number(m[3]) }) : null;
}

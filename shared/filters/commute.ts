/**
 * «Время в пути» (issue 32): the commute's limits and the stations a destination may be. The times themselves
 * are in D1 (station_trips, migration 0024); the method is on the page /vremya-v-puti/.
 */

/** The limits the filter offers, in minutes door to door. */
export const COMMUTE_LIMITS = {
  30: "до 30 минут",
  45: "до 45 минут",
  60: "до 60 минут",
  90: "до 90 минут",
} as const;

/** The longest limit: trips longer than this are not stored. */
export const COMMUTE_HORIZON = 90;

/**
 * The catalogue's stations are numbered 1…STATION_COUNT, one per name within a kind in the order of our
 * geography's lines (worker/db/seed/geography.ts), so a destination is checked without D1 and without the
 * stations' list in the client's bundle. shared/transit/stations.test.ts counts them from the geography and
 * tests/integration/commute.test.ts in D1.
 */
export const STATION_COUNT = 404;

/**
 * A point as a destination (issue 32, `commute_at`): latitude and longitude in degrees, written with this many
 * decimals (about 11 m) — the canonical spelling; any other is moved to it.
 */
export const POINT_DECIMALS = 4;

/**
 * Moscow and the Moscow region as a box of degrees: a point outside it is no destination of ours. The box of our
 * geography's towns, districts and stations (shared/geo) with a margin of about 25 km: a town's outskirts are in
 * it (shared/filters/commute.test.ts checks that every place is inside and that the margin is no wider). A
 * point in the box far from the rail is then said to be beyond a walk (worker/loaders/commute.ts).
 */
export const COMMUTE_REGION = { south: 54.65, north: 56.97, west: 36.3, east: 39.43 } as const;

/** The rule a point's value keeps, in Russian: the API's 400, the method page's message. */
export const POINT_RULE =
  "ожидается точка в Москве или Подмосковье: широта и долгота через запятую, например 55.7539,37.6208";

const NUMBER = String.raw`(-?\d{1,3}(?:\.\d{1,12})?)`;
const POINT_TEXT = new RegExp(String.raw`^\s*${NUMBER}\s*[,;]\s*${NUMBER}\s*$`);

/** A point's coordinates. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A point as the URL writes it: «55.7539,37.6208». */
export const pointText = (p: LatLng): string =>
  `${p.lat.toFixed(POINT_DECIMALS)},${p.lng.toFixed(POINT_DECIMALS)}`;

/** A point read from its text (any number of decimals, spaces, «;»): null when malformed or outside the region. */
export function readPoint(text: string): LatLng | null {
  const m = POINT_TEXT.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  const r = COMMUTE_REGION;
  if (!(lat >= r.south && lat <= r.north && lng >= r.west && lng <= r.east)) return null;
  // Rounded as written, so the point read back from the canonical text is the same point.
  return { lat: Number(lat.toFixed(POINT_DECIMALS)), lng: Number(lng.toFixed(POINT_DECIMALS)) };
}

/** A point's canonical text, or null (the filter's reading drops it on a page, refuses it in the API). */
export function canonicalPoint(text: string): string | null {
  const p = readPoint(text);
  return p && pointText(p);
}

/**
 * A destination as the catalogue's SQL takes it, once the loader has resolved it (worker/loaders/commute.ts): the
 * station (`commute_to`) and the minutes on foot from it to the point named (`commute_walk`; absent, 0, for a
 * station itself). A constant of the request: added to every complex's minutes, it changes no order.
 */
// A type, not an interface: a filter stays a record of values (an interface has no index signature).
export type CommuteOffset = { commute_walk?: number };

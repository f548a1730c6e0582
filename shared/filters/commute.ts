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

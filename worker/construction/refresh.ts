/**
 * The kept construction columns (readiness, deadline moves, risk of delay and the filters' bits: migration
 * 0023, decision 0020) follow the data and today's date: months left shrink while a house stands still. A feed
 * import refreshes the complexes it wrote; the five-minute cron refreshes one slice of the complexes being
 * built, so every band is at most a day old even when no feed comes (cards, filters and the sort read the
 * kept band, the complex's page computes it afresh).
 */
import { getDeveloperRecord } from "../db/queries/complexes";
import { listConstructionDue, refreshConstruction } from "../db/queries/construction";

/** Five-minute slices of a day: each complex being built is refreshed once a day. */
export const REFRESH_SLICES = 288;

/** Recomputes the kept columns of these complexes as of `now`, with their developers' records. */
export async function refreshConstructionOf(
  db: D1Database,
  complexIds: Iterable<number>,
  now: Date,
): Promise<void> {
  for (const id of complexIds) {
    const record = await getDeveloperRecord(db, { complex: id });
    await refreshConstruction(db, id, { delivered: record.finished, late: record.late }, now);
  }
}

/** The slice of the day `now` falls in, by five minutes of Moscow's or any other day alike (UTC). */
export const sliceOf = (now: Date) =>
  Math.floor((now.getUTCHours() * 60 + now.getUTCMinutes()) / 5) % REFRESH_SLICES;

/** The scheduled refresh: the complexes of `now`'s slice. */
export async function refreshDueConstruction(db: D1Database, now: Date): Promise<void> {
  await refreshConstructionOf(db, await listConstructionDue(db, sliceOf(now), REFRESH_SLICES), now);
}

/**
 * The outbox of what a queue's consumer sends (buyers' requests to the developers, letters to buyers): a row is
 * stored in D1 first, then its id is handed to the queue and the row marked queued. Handing over never throws:
 * what did not reach the queue stays in the outbox, and the scheduled job hands over the rows stored a while ago
 * and never marked (the consumer acts on a row once, so a row handed over twice is harmless).
 */
import { logEvent } from "./log";

/** What is left unmarked this long after being stored is the scheduled job's to hand over. */
const OUTBOX_GRACE_MS = 60_000;
/** Rows handed over per scheduled run. */
const OUTBOX_BATCH = 100;

export interface Outbox {
  /** The logs' name of the outbox: `<name>.queue_send_failed`, `<name>.outbox`… */
  name: string;
  queue: Queue;
  markQueued(ids: number[], at: string): Promise<unknown>;
  /** Ids stored before `before` and never marked queued, at most `limit`. */
  listUnqueued(before: string, limit: number): Promise<number[]>;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Hands these stored rows to the queue and marks them queued. */
export async function handOver(box: Outbox, ids: number[]): Promise<void> {
  if (!ids.length) return;
  try {
    await box.queue.sendBatch(ids.map((id) => ({ body: { id } })));
  } catch (e) {
    logEvent("error", `${box.name}.queue_send_failed`, { ids, message: messageOf(e) });
    return;
  }
  try {
    await box.markQueued(ids, new Date().toISOString());
  } catch (e) {
    // In the queue already: the scheduled job hands them over again, and the consumer acts once.
    logEvent("error", `${box.name}.mark_queued_failed`, { ids, message: messageOf(e) });
  }
}

/** The scheduled job's part: hands over the rows stored but never queued. */
export async function handOverStored(box: Outbox): Promise<void> {
  const before = new Date(Date.now() - OUTBOX_GRACE_MS).toISOString();
  const ids = await box.listUnqueued(before, OUTBOX_BATCH);
  if (ids.length) logEvent("info", `${box.name}.outbox`, { count: ids.length });
  await handOver(box, ids);
}

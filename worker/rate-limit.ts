/** Rate limiting of POSTs per client IP, durable in D1 (fixed windows). */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { deleteOldRateLimits, hitRateLimit } from "./db/queries/rate-limits";
import type { AppEnv } from "./env";

export interface Limit {
  /** What is limited: "quiz", "view", … */
  name: string;
  max: number;
  /** At most RATE_LIMIT_LONGEST_WINDOW_S. */
  windowSeconds: number;
}

/** The longest window of any limit: a row whose window started longer ago than this has ended. */
export const RATE_LIMIT_LONGEST_WINDOW_S = 86_400;

/** Answers 429 with a Russian message when the client IP (or `subject`: an address's hash) is over the limit. */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  limit: Limit,
  subject: string = c.get("ip"),
): Promise<void> {
  // A window is named by its start in epoch seconds, so one cutoff (deleteEndedRateLimits) fits every limit.
  const window = Math.floor(Date.now() / 1000 / limit.windowSeconds) * limit.windowSeconds;
  const count = await hitRateLimit(c.env.DB, `${limit.name}:${subject}`, window);
  if (count > limit.max) {
    c.header("Retry-After", String(limit.windowSeconds));
    throw new HTTPException(429, {
      message: "Слишком много запросов. Подождите немного и попробуйте снова.",
    });
  }
}

/** Deletes the rows of windows that have ended (the scheduled handler runs it), so the table stays small. */
export function deleteEndedRateLimits(db: D1Database, nowMs = Date.now()) {
  return deleteOldRateLimits(db, Math.floor(nowMs / 1000) - RATE_LIMIT_LONGEST_WINDOW_S);
}

/** Rate limiting of POSTs per client IP, durable in D1 (fixed windows). */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { hitRateLimit } from "./db/queries/rate-limits";
import type { AppEnv } from "./env";

export interface Limit {
  /** What is limited: "quiz", "view", … */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Answers 429 with a Russian message when the client IP is over the limit. */
export async function enforceRateLimit(c: Context<AppEnv>, limit: Limit): Promise<void> {
  const window = Math.floor(Date.now() / 1000 / limit.windowSeconds);
  const count = await hitRateLimit(c.env.DB, `${limit.name}:${c.get("ip")}`, window);
  if (count > limit.max) {
    c.header("Retry-After", String(limit.windowSeconds));
    throw new HTTPException(429, {
      message: "Слишком много запросов. Подождите немного и попробуйте снова.",
    });
  }
}

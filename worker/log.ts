import type { Context } from "hono";
import type { AppEnv } from "./env";

/** Structured JSON logs with the request id; never sent to the visitor. */
export function logError(c: Context<AppEnv>, error: unknown): void {
  console.error(
    JSON.stringify({
      level: "error",
      requestId: c.get("requestId"),
      path: new URL(c.req.url).pathname,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
}

/** A structured event outside a request (the scheduled feed import): one JSON line with its fields. */
export function logEvent(level: "info" | "error", event: string, fields: Record<string, unknown>): void {
  (level === "error" ? console.error : console.log)(JSON.stringify({ level, event, ...fields }));
}

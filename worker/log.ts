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

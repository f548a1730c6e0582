import {
  createExecutionContext,
  createScheduledController,
  env,
  SELF,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMIT_LONGEST_WINDOW_S } from "../../worker/rate-limit";
import { scheduled } from "../../worker/scheduled";

const keys = async () =>
  (await env.DB.prepare("SELECT key FROM rate_limits ORDER BY key").all<{ key: string }>()).results.map(
    (r) => r.key,
  );

describe("rate limits' ended windows", () => {
  it("are deleted by the scheduled run; the windows still open are kept and still count", async () => {
    const now = Math.floor(Date.now() / 1000);
    const ended = now - RATE_LIMIT_LONGEST_WINDOW_S - 60;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO rate_limits (key, window, count) VALUES ('quiz-day:old', ?1, 30)").bind(
        ended,
      ),
      env.DB.prepare("INSERT INTO rate_limits (key, window, count) VALUES ('quiz-minute:old', ?1, 5)").bind(
        now - 2 * 86_400,
      ),
    ]);
    // A real request counts in the current windows.
    const res = await SELF.fetch("http://localhost/api/v1/media/posts/1/view", { method: "POST" });
    expect([204, 404]).toContain(res.status);
    const open = (await keys()).filter((k) => !k.endsWith(":old"));
    expect(open.length).toBeGreaterThan(0);

    const ctx = createExecutionContext();
    scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await keys()).toEqual(open);
  });
});

/**
 * The Worker's scheduled handler (Cron Triggers in wrangler.toml): pulls the developers' feeds and deletes the
 * rate limits' ended windows.
 */
import { pullFeeds } from "./feeds/pull";
import { deleteEndedRateLimits } from "./rate-limit";

export function scheduled(_controller: unknown, env: Pick<Env, "DB">, ctx: ExecutionContext): void {
  ctx.waitUntil(pullFeeds(env.DB));
  ctx.waitUntil(deleteEndedRateLimits(env.DB));
}

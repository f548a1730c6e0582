/** The Worker's scheduled handler (Cron Triggers in wrangler.toml): pulls the developers' feeds. */
import { pullFeeds } from "./feeds/pull";

export function scheduled(_controller: unknown, env: Pick<Env, "DB">, ctx: ExecutionContext): void {
  ctx.waitUntil(pullFeeds(env.DB));
}

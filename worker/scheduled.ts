/**
 * The Worker's scheduled handler (Cron Triggers in wrangler.toml): pulls the developers' feeds and deletes the
 * rate limits' ended windows every hour, and hands buyers' requests that never reached the queue over to it
 * every few minutes.
 */

import { pullFeeds } from "./feeds/pull";
import { imageHostsOf } from "./image-proxy";
import { handOverStoredLeads } from "./leads/submit";
import { deleteEndedRateLimits } from "./rate-limit";

export const FEEDS_CRON = "17 * * * *";

export function scheduled(
  controller: { cron: string },
  env: Pick<Env, "DB" | "LEADS_QUEUE" | "IMAGE_HOSTS">,
  ctx: ExecutionContext,
): void {
  if (controller.cron === FEEDS_CRON) {
    ctx.waitUntil(pullFeeds(env.DB, fetch, new Date(), imageHostsOf(env)));
    ctx.waitUntil(deleteEndedRateLimits(env.DB));
  }
  ctx.waitUntil(handOverStoredLeads(env));
}

/**
 * The Worker's scheduled handler (Cron Triggers in wrangler.toml): pulls the developers' feeds every hour and
 * hands buyers' requests that never reached the queue over to it every few minutes.
 */
import type { Env, ExecutionContext } from "./env";
import { pullFeeds } from "./feeds/pull";
import { handOverStoredLeads } from "./leads/submit";

export const FEEDS_CRON = "17 * * * *";

export function scheduled(
  controller: { cron: string },
  env: Pick<Env, "DB" | "LEADS_QUEUE">,
  ctx: ExecutionContext,
): void {
  if (controller.cron === FEEDS_CRON) ctx.waitUntil(pullFeeds(env.DB));
  ctx.waitUntil(handOverStoredLeads(env));
}

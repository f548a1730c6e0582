/**
 * The Worker's scheduled handler (Cron Triggers in wrangler.toml): pulls the developers' feeds and deletes the
 * rate limits' ended windows every hour, and hands buyers' requests that never reached the queue over to it
 * every few minutes; every few minutes too, matches the catalogue's changes to the saved searches and makes the
 * due letters (worker/alerts/match.ts), refreshes the kept risk of delay of a slice of the complexes, and
 * recomputes a slice of the commute's trips after the network changed.
 */
import { runAlerts } from "./alerts/match";
import { handOverStoredLetters } from "./alerts/send";
import { refreshStationTrips } from "./commute/refresh";
import { refreshDueConstruction } from "./construction/refresh";
import { pullFeeds } from "./feeds/pull";
import { imageHostsOf } from "./image-proxy";
import { handOverStoredLeads } from "./leads/submit";
import { forgetWholeMap } from "./loaders/map-view";
import { deleteEndedRateLimits } from "./rate-limit";

export const FEEDS_CRON = "17 * * * *";

export function scheduled(
  controller: { cron: string; scheduledTime?: number },
  env: Pick<
    Env,
    | "DB"
    | "KV"
    | "LEADS_QUEUE"
    | "ALERTS_QUEUE"
    | "SEND_EMAIL"
    | "SITE_ORIGIN"
    | "CHAT_SECRET"
    | "IMAGE_HOSTS"
  >,
  ctx: ExecutionContext,
): void {
  const feeds = controller.cron === FEEDS_CRON;
  const pulled = feeds
    ? pullFeeds(env.DB, fetch, new Date(), imageHostsOf(env)).finally(() => forgetWholeMap(env.KV))
    : Promise.resolve([]);
  if (feeds) {
    ctx.waitUntil(pulled);
    ctx.waitUntil(deleteEndedRateLimits(env.DB));
  }
  ctx.waitUntil(handOverStoredLeads(env));
  // The construction's kept bands: one slice of the complexes being built (worker/construction/refresh.ts).
  ctx.waitUntil(refreshDueConstruction(env.DB, new Date(controller.scheduledTime ?? Date.now())));
  // The commute's trips follow the network D1 holds: a slice of a rebuild after a change (worker/commute/refresh.ts).
  ctx.waitUntil(refreshStationTrips(env.DB));
  // Alerts: the new changes matched and the due letters made every few minutes, then the outbox's stragglers;
  // after the feeds' pull when it runs, so that an import's changes come in one letter, not split by the run.
  ctx.waitUntil(
    pulled
      .catch(() => undefined)
      .then(() => runAlerts(env))
      .then(() => handOverStoredLetters(env)),
  );
}

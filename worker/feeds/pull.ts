/**
 * The scheduled import (Cron Trigger): every registered feed with a web address is pulled with a conditional
 * request (If-None-Match / If-Modified-Since from the last good import). 304 means nothing to do; a body is
 * imported as it downloads, cut off past the size limit. A feed that cannot be fetched gets a failed run.
 */
import { insertFailedRun, listPullableFeeds, markFeedChecked } from "../db/queries/feeds";
import { logEvent } from "../log";
import { importFeed, type RunSummary } from "./import";
import { FeedError } from "./yrl-parser";

export const MAX_FEED_BYTES = 200 * 1024 * 1024;

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export type PullResult = { feedId: number } & (
  | { status: "not-modified" }
  | { status: "unavailable"; message: string }
  | RunSummary
);

/** Passes the body through, failing the stream once more than `max` bytes have come. */
function limitBytes(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max)
          controller.error(new FeedError(`фид больше ${max / 1024 / 1024} МБ — импорт остановлен`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

async function unavailable(db: D1Database, feedId: number, at: string, message: string): Promise<PullResult> {
  await insertFailedRun(db, feedId, at, message);
  return { feedId, status: "unavailable", message };
}

async function pullFeed(
  db: D1Database,
  feed: Awaited<ReturnType<typeof listPullableFeeds>>[number],
  fetcher: Fetcher,
  now: Date,
  imageHosts: readonly string[],
): Promise<PullResult> {
  const at = now.toISOString();
  const headers = new Headers({ Accept: "application/xml, text/xml;q=0.9, */*;q=0.1" });
  if (feed.etag) headers.set("If-None-Match", feed.etag);
  if (feed.last_modified) headers.set("If-Modified-Since", feed.last_modified);
  let res: Response;
  try {
    res = await fetcher(feed.url, { headers, redirect: "follow" });
  } catch (e) {
    return unavailable(db, feed.id, at, `фид недоступен: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (res.status === 304) {
    await markFeedChecked(db, feed.id, at);
    return { feedId: feed.id, status: "not-modified" };
  }
  const length = Number(res.headers.get("Content-Length") ?? 0);
  if (!res.ok || !res.body || length > MAX_FEED_BYTES) {
    await res.body?.cancel();
    return unavailable(
      db,
      feed.id,
      at,
      !res.ok
        ? `сервер фида ответил HTTP ${res.status}`
        : length > MAX_FEED_BYTES
          ? `фид больше ${MAX_FEED_BYTES / 1024 / 1024} МБ (${Math.round(length / 1024 / 1024)} МБ) — не загружен`
          : "сервер фида прислал пустой ответ",
    );
  }
  const summary = await importFeed(db, feed, limitBytes(res.body, MAX_FEED_BYTES), now, imageHosts);
  await markFeedChecked(
    db,
    feed.id,
    at,
    summary.status === "ok"
      ? { etag: res.headers.get("ETag"), lastModified: res.headers.get("Last-Modified") }
      : undefined,
  );
  return { feedId: feed.id, ...summary };
}

/** Pulls the feeds one after another (each is a long stream of writes; together they would fight for D1). */
export async function pullFeeds(
  db: D1Database,
  fetcher: Fetcher = fetch,
  now = new Date(),
  /** The image proxy's allow-list (IMAGE_HOSTS), for the feeds' progress photos. */
  imageHosts: readonly string[] = [],
): Promise<PullResult[]> {
  const results: PullResult[] = [];
  for (const feed of await listPullableFeeds(db)) {
    const result = await pullFeed(db, feed, fetcher, now, imageHosts);
    if (result.status === "not-modified" || result.status === "unavailable") {
      logEvent("info", "feed-pull", { ...result });
    }
    results.push(result);
  }
  return results;
}

/**
 * «Мои подписки» for saved searches whose address no longer reads as it did when it was saved: kept, and shown
 * with what changed. Through the real app and D1: the subscriptions are rows as an older catalogue left them.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ALERTS_PATH } from "../../shared/routes";
import { searchStateOf } from "../../worker/alerts/search-state";
import { signLink } from "../../worker/alerts/tokens";
import { depsOf } from "../../worker/loaders/deps";
import { get, mainOf } from "./helpers";

const NOW = "2026-11-28T10:00:00.000Z";
const SEARCHES = {
  ok: "/novostroyki/?rooms=2",
  // A year past the filter's bound and a parameter no field reads any more.
  partly: "/novostroyki/?rooms=2&deadline=2200&old_param=1",
  // A place that left the catalogue, and a named list that is no longer there.
  placeGone: "/po-metro/net-takoy-stancii/",
  listGone: "/novostroyki/moskva/net-takoy-podborki/",
} as const;

let manage = "";

beforeAll(async () => {
  const subscriber = await env.DB.prepare(
    `INSERT INTO subscribers (email, consent_version, consent_at, confirmed_at, confirm_hash, confirm_expires_at, created_at)
     VALUES ('kept@example.ru', '1', ?1, ?1, 'manage-test', ?1, ?1) RETURNING id, token_version`,
  )
    .bind(NOW)
    .first<{ id: number; token_version: number }>();
  if (!subscriber) throw new Error("no subscriber");
  await env.DB.batch(
    Object.entries(SEARCHES).map(([name, target]) =>
      env.DB.prepare(
        `INSERT INTO subscriptions (subscriber_id, kind, target, name, feed_token, confirmed_at, created_at)
         VALUES (?1, 'search', ?2, ?3, ?4, ?5, ?5)`,
      ).bind(subscriber.id, target, `Поиск ${name}`, `feed-${name}`, NOW),
    ),
  );
  manage = `${ALERTS_PATH}?k=${await signLink(env.CHAT_SECRET, "manage", subscriber)}`;
});

describe("a saved search's address read today", () => {
  it("says which conditions no longer read and what the letters follow, or that nothing does", async () => {
    const deps = depsOf(env);
    expect(await searchStateOf(deps, SEARCHES.ok)).toEqual({ kind: "ok" });
    expect(await searchStateOf(deps, SEARCHES.partly)).toEqual({
      kind: "partly",
      dropped: ["срок сдачи", "«old_param»"],
      now: "/novostroyki/?rooms=2",
    });
    expect(await searchStateOf(deps, SEARCHES.placeGone)).toEqual({ kind: "gone" });
    expect(await searchStateOf(deps, SEARCHES.listGone)).toEqual({ kind: "gone" });
  });

  it("«Мои подписки» keeps every search and shows each one's state in Russian", async () => {
    const res = await get(manage);
    expect(res.status).toBe(200);
    const html = mainOf(await res.text());
    for (const name of Object.keys(SEARCHES)) expect(html).toContain(`Поиск ${name}`);
    expect(html).toContain("Часть условий больше не действует: срок сдачи, «old_param»");
    expect(html).toContain('href="/novostroyki/?rooms=2">поиск, как он читается сейчас');
    // The two gone ones: said so, and no link to a page that is a 404.
    expect(html.match(/Этой страницы каталога больше нет/g)).toHaveLength(2);
    expect(html).not.toContain(`href="${SEARCHES.placeGone}"`);
    expect(html).not.toContain(`href="${SEARCHES.listGone}"`);
    // The valid one is a plain link with no note.
    expect(html).toContain(`href="${SEARCHES.ok}"`);
  });
});

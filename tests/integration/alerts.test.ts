/**
 * Saved searches and alerts through the real bindings: D1 (the migrated, seeded catalogue), the alerts queue's
 * consumer and its message batch, the send_email binding miniflare provides, the feed import that writes the
 * change events. The tests of this file run in order on one database: a search is saved and confirmed, a feed
 * changes the catalogue, the letters follow.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { composeLetters, runAlerts } from "../../worker/alerts/match";
import { MAX_ATTEMPTS, sendLetters } from "../../worker/alerts/send";
import { app } from "../../worker/app";
import { importFeedAt } from "../../worker/feeds/import";
import { scheduled } from "../../worker/scheduled";
import { faultyD1 } from "../faults/bindings";
import ladoga from "../fixtures/feeds/ladoga.xml?raw";
import { GOOGLEBOT_UA, HUMAN_UA, rows } from "./helpers";

const FEED = "https://feeds.ladoga.example/alerts.xml";
const importText = (text: string) =>
  importFeedAt(
    env.DB,
    FEED,
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    }),
  );

let ipSeq = 0;
async function call(
  path: string,
  init: { method?: string; body?: string; json?: boolean; bot?: boolean; origin?: string | null } = {},
) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = {
    "User-Agent": init.bot ? GOOGLEBOT_UA : HUMAN_UA,
    "CF-Connecting-IP": `198.51.100.${++ipSeq % 250}`,
  };
  if (init.origin !== null) headers.Origin = init.origin ?? "http://localhost";
  if (init.body !== undefined)
    headers["Content-Type"] = init.json ? "application/json" : "application/x-www-form-urlencoded";
  const res = await app.fetch(
    new Request(`http://localhost${path}`, { method: init.method ?? "GET", body: init.body, headers }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, text: await res.text() };
}

const subscribeJson = (body: unknown) =>
  call("/api/v1/alerts/subscriptions", { method: "POST", body: JSON.stringify(body), json: true });

interface LetterRow {
  id: number;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: string;
  status: string;
  queued_at: string | null;
  email: string;
}
const lettersOf = (email: string) =>
  rows<LetterRow>(
    `SELECT l.id, l.kind, l.subject, l.text, l.html, l.headers, l.status, l.queued_at, s.email FROM letters l
     JOIN subscribers s ON s.id = l.subscriber_id WHERE s.email = ?1 ORDER BY l.id`,
    email,
  );

/** What the send_email binding was handed, by a mailer that passes each letter on to it (or fails on purpose). */
const handed: { to: string; subject: string; headers?: Record<string, string> }[] = [];
let failNext = 0;
const mailer = {
  async send(m: Parameters<SendEmail["send"]>[0] & { to?: unknown }) {
    if (failNext > 0) {
      failNext--;
      throw new Error("send_email: сервис недоступен");
    }
    const result = await env.SEND_EMAIL.send(m as Parameters<SendEmail["send"]>[0]);
    const b = m as { to: string; subject: string; headers?: Record<string, string> };
    handed.push({ to: b.to, subject: b.subject, headers: b.headers });
    return result;
  },
} as Pick<SendEmail, "send">;

let messageSeq = 0;
/** One try of the consumer on these letters, as the queue makes it on its `attempts`-th try. */
async function consume(ids: number[], attempts = 1) {
  const batch = createMessageBatch(
    "novostroyki-alerts",
    ids.map((id) => ({ id: `a${++messageSeq}`, timestamp: new Date(), attempts, body: { id } })),
  );
  const ctx = createExecutionContext();
  await sendLetters(batch, env, mailer);
  return getQueueResult(batch, ctx);
}
const consumeAll = async () => {
  const ids = (await rows<{ id: number }>("SELECT id FROM letters WHERE status = 'pending' ORDER BY id")).map(
    (r) => r.id,
  );
  if (ids.length) await consume(ids);
  return ids;
};

const tokenIn = (text: string) => /podtverdit\/\?t=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";
const manageKeyIn = (text: string) => /podpiski\/\?k=([A-Za-z0-9._-]+)/.exec(text)?.[1] ?? "";
const unsubscribeKeyIn = (text: string) => /otpiska\/\?k=([A-Za-z0-9._-]+)/.exec(text)?.[1] ?? "";

const STUDIO = "<price><value>11754000</value>";
const EMAIL = "pokupatel@example.ru";

describe("alerts", () => {
  beforeAll(async () => {
    // The feed's complexes are in the catalogue before anyone subscribes; its first events are matched to nobody.
    expect(await importText(ladoga)).toMatchObject({ status: "ok", added: 150 });
    await runAlerts(env);
  });

  it("refuses bad input with a Russian message and stores nothing", async () => {
    const before = await rows<{ n: number }>("SELECT count(*) AS n FROM subscribers");
    const bad = await subscribeJson({
      email: "не-адрес",
      consent: true,
      follow: { kind: "search", url: "/novostroyki/" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message ?? JSON.parse(bad.text).error).toMatch(/адрес/);
    const noConsent = await subscribeJson({
      email: EMAIL,
      consent: false,
      follow: { kind: "search", url: "/novostroyki/" },
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.text).toMatch(/согласие/);
    const notAList = await subscribeJson({
      email: EMAIL,
      consent: true,
      follow: { kind: "search", url: "/contacts/" },
    });
    expect(notAList.status).toBe(400);
    const bot = await call("/api/v1/alerts/subscriptions", {
      method: "POST",
      bot: true,
      json: true,
      body: JSON.stringify({ email: EMAIL, consent: true, follow: { kind: "search", url: "/novostroyki/" } }),
    });
    expect(bot.status).toBe(403);
    const honeypot = await subscribeJson({
      email: EMAIL,
      consent: true,
      website: "x",
      follow: { kind: "search", url: "/novostroyki/" },
    });
    expect(honeypot.status).toBe(403);
    expect(await rows<{ n: number }>("SELECT count(*) AS n FROM subscribers")).toEqual(before);
  });

  it("double opt-in: a saved search waits for the link in its letter; the same search twice is one", async () => {
    const first = await subscribeJson({
      email: EMAIL,
      consent: true,
      follow: { kind: "search", url: "/novostroyki/?rooms=0&page=2" },
    });
    expect(first.status).toBe(201);
    const again = await subscribeJson({
      email: "Pokupatel@Example.ru ",
      consent: true,
      follow: { kind: "search", url: "/novostroyki/?rooms=0" },
    });
    expect(again.status).toBe(200);
    const subs = await rows<{ target: string; confirmed_at: string | null; name: string }>(
      "SELECT s.target, s.confirmed_at, s.name FROM subscriptions s JOIN subscribers u ON u.id = s.subscriber_id WHERE u.email = ?1",
      EMAIL,
    );
    expect(subs).toEqual([
      { target: "/novostroyki/?rooms=0", confirmed_at: null, name: "Новостройки, Студия" },
    ]);
    const [consent] = await rows<{ consent_version: string; consent_at: string }>(
      "SELECT consent_version, consent_at FROM subscribers WHERE email = ?1",
      EMAIL,
    );
    expect(consent?.consent_version).toBe("2026-11-01");
    // Stored and handed to the queue before the answer; each request a confirmation letter, nothing else.
    const letters = await lettersOf(EMAIL);
    expect(letters.map((l) => [l.kind, Boolean(l.queued_at)])).toEqual([
      ["confirm", true],
      ["confirm", true],
    ]);
    // A change before the confirmation is sent to no one.
    await importText(ladoga.replace(STUDIO, "<price><value>11654000</value>"));
    await runAlerts(env);
    expect((await lettersOf(EMAIL)).filter((l) => l.kind !== "confirm")).toEqual([]);
    await consumeAll();
    expect(handed.map((h) => [h.to, h.subject])).toEqual([
      [EMAIL, "Подтвердите подписку на новостройки"],
      [EMAIL, "Подтвердите подписку на новостройки"],
    ]);
    // The first letter's link was replaced by the second's.
    const [older, newer] = await lettersOf(EMAIL);
    expect((await call(`/podpiski/podtverdit/?t=${tokenIn(older?.text ?? "")}`)).status).toBe(404);
    const ok = await call(`/podpiski/podtverdit/?t=${tokenIn(newer?.text ?? "")}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Подписка подтверждена");
    const reused = await call(`/podpiski/podtverdit/?t=${tokenIn(newer?.text ?? "")}`);
    expect(reused.status).toBe(200);
    expect(reused.text).toContain("Подписка уже подтверждена");
  });

  it("an expired confirmation link gets its own Russian page", async () => {
    const r = await subscribeJson({
      email: "pozdno@example.ru",
      consent: true,
      follow: { kind: "search", url: "/kvartiry/" },
    });
    expect(r.status).toBe(201);
    await env.DB.prepare(
      "UPDATE subscribers SET confirm_expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?1",
    )
      .bind("pozdno@example.ru")
      .run();
    const [letter] = await lettersOf("pozdno@example.ru");
    const page = await call(`/podpiski/podtverdit/?t=${tokenIn(letter?.text ?? "")}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain("Ссылка устарела");
  });

  it("a price drop is one letter with the old and the new price; the same feed again sends nothing", async () => {
    await consumeAll();
    handed.length = 0;
    const lowered = ladoga.replace(STUDIO, "<price><value>11254000</value>");
    await importText(lowered);
    // The scheduled job: matching, the letter, the hand-over to the queue.
    const ctx = createExecutionContext();
    scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const alerts = (await lettersOf(EMAIL)).filter((l) => l.kind === "alert");
    expect(alerts).toHaveLength(1);
    const [letter] = alerts;
    expect(letter?.text).toContain("Цена снижена: Студия, 29,9");
    expect(letter?.text).toMatch(/11\s254\s000\s₽ \(было 11\s654\s000\s₽\)/);
    expect(letter?.subject).toBe("«Новостройки, Студия»: 1\u00a0изменение");
    expect(letter?.html).toContain("Цена снижена");
    expect(JSON.parse(letter?.headers ?? "{}")).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(letter?.text).toContain("/podpiski/?k=");
    await consumeAll();
    expect(handed).toHaveLength(1);
    expect(handed[0]?.headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/novostroyki\.example\/podpiski\/otpiska\/\?k=/,
    );
    // The same feed again changes nothing: no event, no letter.
    await importText(lowered);
    await runAlerts(env);
    await runAlerts(env);
    expect((await lettersOf(EMAIL)).filter((l) => l.kind === "alert")).toHaveLength(1);
    // A change matched twice (the cursor moved back: two runs at once) is still in one letter.
    await env.DB.prepare("UPDATE alert_cursor SET last_event_id = last_event_id - 5").run();
    await runAlerts(env);
    expect((await lettersOf(EMAIL)).filter((l) => l.kind === "alert")).toHaveLength(1);
  });

  it("«Новое с вашего прошлого визита»: a saved search's new changes since this browser's last visit, as its letters count them", async () => {
    const [sub] = await rows<{ id: number; target: string; from_event_id: number }>(
      `SELECT s.id, s.target, s.from_event_id FROM subscriptions s JOIN subscribers u ON u.id = s.subscriber_id
       WHERE u.email = ?1 AND s.kind = 'search' AND s.confirmed_at IS NOT NULL`,
      EMAIL,
    );
    if (!sub) throw new Error("no confirmed search");
    const [delivered] = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM deliveries WHERE subscription_id = ?1",
      sub.id,
    );
    expect(delivered?.n).toBeGreaterThan(0);
    const ask = async (query: string) => {
      const res = await call(`/api/v1/alerts/new?${query}`);
      return {
        status: res.status,
        body: JSON.parse(res.text) as { count?: number; last?: number; error?: string },
      };
    };
    const since = await ask(`url=${encodeURIComponent(sub.target)}&after=${sub.from_event_id}`);
    expect(since.status).toBe(200);
    // The same events and the same filter SQL as the letters: what the matching delivered to this search.
    expect(since.body.count).toBe(delivered?.n);
    const [newest] = await rows<{ id: number }>("SELECT max(id) AS id FROM change_events");
    expect(since.body.last).toBe(newest?.id);
    // The first visit (no `after`) and a visit after the newest change: nothing new.
    expect((await ask(`url=${encodeURIComponent(sub.target)}`)).body).toEqual({ count: 0, last: newest?.id });
    expect((await ask(`url=${encodeURIComponent(sub.target)}&after=${newest?.id}`)).body.count).toBe(0);
    // Not a list, a bad number: 400 with a Russian message.
    const notList = await ask("url=%2Fcontacts%2F&after=1");
    expect(notList.status).toBe(400);
    expect(notList.body.error).toBe("По этому адресу нет списка каталога");
    const badAfter = await ask("url=%2Fnovostroyki%2F&after=abc");
    expect(badAfter.status).toBe(400);
    expect(badAfter.body.error).toMatch(/номер изменения/);
  });

  it("a followed apartment: a price rise and its sale, in one letter; a failed send is retried without a duplicate", async () => {
    const [flat] = await rows<{ id: number; price: number }>(
      "SELECT id, price FROM living_objects WHERE status = 1 AND rooms = 2 ORDER BY id LIMIT 1",
    );
    if (!flat) throw new Error("no apartment on sale");
    const email = "tsena@example.ru";
    expect(
      (await subscribeJson({ email, consent: true, follow: { kind: "apartment", id: flat.id } })).status,
    ).toBe(201);
    const [confirm] = await lettersOf(email);
    expect((await call(`/podpiski/podtverdit/?t=${tokenIn(confirm?.text ?? "")}`)).status).toBe(200);
    await env.DB.prepare("UPDATE living_objects SET price = ?2 WHERE id = ?1")
      .bind(flat.id, flat.price + 500_000)
      .run();
    await env.DB.prepare("UPDATE living_objects SET status = 3 WHERE id = ?1").bind(flat.id).run();
    await runAlerts(env);
    const alerts = (await lettersOf(email)).filter((l) => l.kind === "alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("Цена выросла");
    expect(alerts[0]?.text).toContain("Продана");
    const id = alerts[0]?.id ?? 0;
    await consumeAll();
    handed.length = 0;
    failNext = 1;
    // The letter is made pending again as if its first send failed before it was recorded.
    await env.DB.prepare("UPDATE letters SET status = 'pending' WHERE id = ?1").bind(id).run();
    const failed = await consume([id], 1);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toHaveLength(1);
    expect((await rows<{ status: string }>("SELECT status FROM letters WHERE id = ?1", id))[0]?.status).toBe(
      "pending",
    );
    const retried = await consume([id], 2);
    expect(retried.explicitAcks).toHaveLength(1);
    // The queue delivers the same message once more: nothing is sent twice.
    const duplicate = await consume([id], 3);
    expect(duplicate.explicitAcks).toHaveLength(1);
    expect(handed.filter((h) => h.to === email)).toHaveLength(1);
    const [sent] = await rows<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM letters WHERE id = ?1",
      id,
    );
    expect(sent?.status).toBe("sent");
    // Two consumers at once on a pending letter: one sends it, the other leaves it to the lease.
    await env.DB.prepare("UPDATE letters SET status = 'pending' WHERE id = ?1").bind(id).run();
    handed.length = 0;
    const both = await Promise.all([consume([id], 2), consume([id], 2)]);
    expect(handed).toHaveLength(1);
    expect([...both[0].explicitAcks, ...both[1].explicitAcks]).toHaveLength(1);
    expect([...both[0].retryMessages, ...both[1].retryMessages]).toHaveLength(1);
  });

  it("D1 failing right after the send: the letter is sent at most once per lease, and not lost", async () => {
    const [letter] = await rows<{ id: number }>(
      `SELECT l.id FROM letters l JOIN subscribers s ON s.id = l.subscriber_id
       WHERE s.email = 'tsena@example.ru' AND l.kind = 'alert' ORDER BY l.id DESC LIMIT 1`,
    );
    const id = letter?.id ?? 0;
    await env.DB.prepare("UPDATE letters SET status = 'pending', lease_until = NULL WHERE id = ?1")
      .bind(id)
      .run();
    handed.length = 0;
    // The consumer's D1 calls: the letter (0), its lease (1), the send, then «sent» (2), which fails once.
    const db = faultyD1(env.DB, { rate: 0, fails: (call) => call === 2 });
    const batch = (attempts: number) =>
      createMessageBatch("novostroyki-alerts", [
        { id: `f${++messageSeq}`, timestamp: new Date(), attempts, body: { id } },
      ]);
    const first = batch(1);
    await sendLetters(first, { ...env, DB: db }, mailer);
    const firstResult = await getQueueResult(first, createExecutionContext());
    expect(handed).toHaveLength(1);
    expect(firstResult.explicitAcks).toEqual([]);
    expect(firstResult.retryMessages).toHaveLength(1);
    // The queue's next tries within the lease send nothing.
    expect((await consume([id], 2)).retryMessages).toHaveLength(1);
    expect((await consume([id], 3)).retryMessages).toHaveLength(1);
    expect(handed).toHaveLength(1);
    const [held] = await rows<{ status: string }>("SELECT status FROM letters WHERE id = ?1", id);
    expect(held?.status).toBe("sending");
    // The lease over: sent once more (the platform's send takes no idempotency key), recorded, then never again.
    await env.DB.prepare("UPDATE letters SET lease_until = '2000-01-01T00:00:00.000Z' WHERE id = ?1")
      .bind(id)
      .run();
    expect((await consume([id], 4)).explicitAcks).toHaveLength(1);
    expect((await consume([id], 5)).explicitAcks).toHaveLength(1);
    expect(handed).toHaveLength(2);
    const [sent] = await rows<{ status: string }>("SELECT status FROM letters WHERE id = ?1", id);
    expect(sent?.status).toBe("sent");
  });

  it("a followed complex: a moved deadline is a letter with the old and the new quarter", async () => {
    const email = "zhk@example.ru";
    const [complex] = await rows<{ id: number }>(
      `SELECT DISTINCT h.complex_id AS id FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id
       WHERE rc.feed_key IS NOT NULL AND h.deadline_year = 2028`,
    );
    const form = new URLSearchParams({
      email,
      consent: "yes",
      zhk: String(complex?.id),
      frequency: "instant",
    });
    const made = await call("/podpiski/", { method: "POST", body: form.toString() });
    expect(made.status).toBe(201);
    expect(made.text).toContain("Проверьте почту");
    const [confirm] = await lettersOf(email);
    expect((await call(`/podpiski/podtverdit/?t=${tokenIn(confirm?.text ?? "")}`)).status).toBe(200);
    // The feed as last imported (the studio's lower price), one house's deadline a year later.
    await importText(
      ladoga
        .replace(STUDIO, "<price><value>11254000</value>")
        .replaceAll("<built-year>2028</built-year>", "<built-year>2029</built-year>"),
    );
    await runAlerts(env);
    const alerts = (await lettersOf(email)).filter((l) => l.kind === "alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toMatch(/Срок сдачи перенесён: [IV]+\sкв\.\s2029 вместо [IV]+\sкв\.\s2028/);
    // The form without JavaScript answers a bad address with the form again and a Russian message.
    const bad = await call("/podpiski/", {
      method: "POST",
      body: new URLSearchParams({ email: "нет", consent: "yes", zhk: String(complex?.id) }).toString(),
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Проверьте адрес");
  });

  it("a daily digest comes a day after the confirmation, not with the first change", async () => {
    const email = "ezhednevno@example.ru";
    const [flat] = await rows<{ id: number; price: number }>(
      "SELECT id, price FROM living_objects WHERE status = 1 AND rooms = 1 ORDER BY id LIMIT 1",
    );
    const made = await subscribeJson({
      email,
      consent: true,
      frequency: "daily",
      follow: { kind: "apartment", id: flat?.id },
    });
    expect(made.status).toBe(201);
    const [confirm] = await lettersOf(email);
    expect((await call(`/podpiski/podtverdit/?t=${tokenIn(confirm?.text ?? "")}`)).status).toBe(200);
    await env.DB.prepare("UPDATE living_objects SET price = ?2 WHERE id = ?1")
      .bind(flat?.id ?? 0, (flat?.price ?? 0) - 200_000)
      .run();
    await runAlerts(env);
    expect((await lettersOf(email)).map((l) => l.kind)).toEqual(["confirm"]);
    expect(await composeLetters(env, new Date(Date.now() + 23 * 3600_000))).toEqual([]);
    expect(await composeLetters(env, new Date(Date.now() + 25 * 3600_000))).toHaveLength(1);
    const digest = (await lettersOf(email)).at(-1);
    expect(digest?.kind).toBe("digest");
    expect(digest?.text).toContain("Цена снижена: 1-комн.");
  });

  it("the last failed try dead-letters the letter", async () => {
    const [l] = await lettersOf(EMAIL);
    await env.DB.prepare("UPDATE letters SET status = 'pending' WHERE id = ?1")
      .bind(l?.id ?? 0)
      .run();
    failNext = 1;
    const last = await consume([l?.id ?? 0], MAX_ATTEMPTS);
    expect(last.retryMessages).toHaveLength(1);
    const batch = createMessageBatch("novostroyki-alerts-dead", [
      { id: "dead1", timestamp: new Date(), attempts: 1, body: { id: l?.id ?? 0 } },
    ]);
    const ctx = createExecutionContext();
    const { default: worker } = await import("../../worker/index");
    await worker.queue(batch, env);
    await getQueueResult(batch, ctx);
    expect(
      (await rows<{ status: string }>("SELECT status FROM letters WHERE id = ?1", l?.id ?? 0))[0]?.status,
    ).toBe("dead");
  });

  it("«Мои подписки» by the signed link: rename, frequency; a forged link is refused", async () => {
    const alert = (await lettersOf(EMAIL)).find((l) => l.kind === "alert");
    const k = manageKeyIn(alert?.text ?? "");
    const page = await call(`/podpiski/?k=${k}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Новостройки, Студия");
    expect(page.text).toContain("/podpiski/lenta/");
    const [sub] = await rows<{ id: number; feed_token: string }>(
      "SELECT s.id, s.feed_token FROM subscriptions s JOIN subscribers u ON u.id = s.subscriber_id WHERE u.email = ?1",
      EMAIL,
    );
    const changed = await call("/podpiski/izmenit/", {
      method: "POST",
      body: new URLSearchParams({
        k,
        id: String(sub?.id),
        name: "Студии у Семёновской",
        frequency: "weekly",
      }).toString(),
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("Студии у Семёновской");
    expect(await rows("SELECT name, frequency FROM subscriptions WHERE id = ?1", sub?.id ?? 0)).toEqual([
      { name: "Студии у Семёновской", frequency: "weekly" },
    ]);
    const feed = await call(`/podpiski/lenta/${sub?.feed_token}/`);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.text).toContain("Цена снижена");
    const forged = await call(`/podpiski/?k=${k.slice(0, -2)}xx`);
    expect(forged.status).toBe(403);
    expect(forged.text).toContain("Ссылка не работает");
  });

  it("a weekly digest waits a week after its last letter, then groups what came, and is never empty", async () => {
    const before = (await lettersOf(EMAIL)).length;
    await importText(ladoga.replace(STUDIO, "<price><value>11154000</value>"));
    await runAlerts(env);
    expect(await lettersOf(EMAIL)).toHaveLength(before);
    const weekLater = new Date(Date.now() + 8 * 86_400_000);
    const made = await composeLetters(env, weekLater);
    expect(made).toHaveLength(1);
    const digest = (await lettersOf(EMAIL)).at(-1);
    expect(digest?.kind).toBe("digest");
    expect(digest?.subject).toBe("Подборка: 1\u00a0изменение по вашим подпискам");
    expect(digest?.text).toContain("== Студии у Семёновской ==");
    expect(digest?.text).toMatch(/11\s154\s000\s₽ \(было 11\s254\s000\s₽\)/);
    // Nothing new: no letter at all, however late.
    expect(await composeLetters(env, new Date(Date.now() + 30 * 86_400_000))).toEqual([]);
  });

  it("one-click unsubscribe (RFC 8058 POST): the same answer for a known and an unknown key", async () => {
    const alert = (await lettersOf(EMAIL)).find((l) => l.kind === "alert");
    const k = unsubscribeKeyIn(alert?.text ?? "");
    const known = await call(`/podpiski/otpiska/?k=${k}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      origin: null,
    });
    const unknown = await call("/podpiski/otpiska/?k=999999.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      origin: null,
    });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(
      await rows(
        "SELECT s.id FROM subscriptions s JOIN subscribers u ON u.id = s.subscriber_id WHERE u.email = ?1",
        EMAIL,
      ),
    ).toEqual([]);
  });

  it("«Удалить все мои данные» leaves no row tied to the address", async () => {
    const email = "tsena@example.ru";
    const letter = (await lettersOf(email)).find((l) => l.kind === "alert");
    const k = manageKeyIn(letter?.text ?? "");
    const [{ id } = { id: 0 }] = await rows<{ id: number }>(
      "SELECT id FROM subscribers WHERE email = ?1",
      email,
    );
    const res = await call("/podpiski/udalit-vse/", {
      method: "POST",
      body: new URLSearchParams({ k }).toString(),
    });
    expect(res.status).toBe(200);
    for (const sql of [
      "SELECT id FROM subscribers WHERE id = ?1",
      "SELECT id FROM subscriptions WHERE subscriber_id = ?1",
      "SELECT id FROM letters WHERE subscriber_id = ?1",
      "SELECT d.event_id FROM deliveries d LEFT JOIN subscriptions s ON s.id = d.subscription_id WHERE s.id IS NULL AND ?1 > 0",
    ])
      expect(await rows(sql, id)).toEqual([]);
    // Its links stop working.
    expect((await call(`/podpiski/?k=${k}`)).status).toBe(403);
  });

  it("rate-limits one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await subscribeJson({
            email: "mnogo@example.ru",
            consent: true,
            follow: { kind: "search", url: `/novostroyki/?max_price=${10_000_000 + i}` },
          })
        ).status,
      );
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

/**
 * The leads queue: a request reaches its developer's webhook (a real HTTP server, tests/setup/webhook-server.ts)
 * signed and once; a failing webhook is retried with growing delays and dead-lettered after the last try; faults
 * on either side of the queue lose and double nothing.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { app } from "../../worker/app";
import { insertLead } from "../../worker/db/queries/leads";
import {
  deadLetterLeads,
  deliverLeads,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  WEBHOOK_TIMEOUT_MS,
} from "../../worker/leads/deliver";
import { scheduled } from "../../worker/scheduled";
import { HUMAN_UA } from "./helpers";

const WEBHOOK = inject("webhookOrigin");
const QUEUE = "novostroyki-leads";
/**
 * The webhook's timeout where a test waits for it (a receiver that never answers): short enough to wait out. Every
 * other delivery has the consumer's real one (WEBHOOK_TIMEOUT_MS), so an answer only slow under load is not taken
 * for a timeout (with 0.3 s for all, a clean-clone run on a loaded machine timed out the answering second try).
 */
const TEST_TIMEOUT_MS = 300;

interface Received {
  headers: Record<string, string>;
  body: string;
}
const received = async (name: string): Promise<Received[]> =>
  (await fetch(`${WEBHOOK}/log/${name}`)).json() as Promise<Received[]>;

/** Each test's requests go to a complex of a developer of its own, whose webhook is `<mode>/<name>`. */
let developers: { complexId: number; developerId: number }[] = [];
beforeAll(async () => {
  const { results } = await env.DB.prepare(
    `SELECT min(id) AS complexId, developer_id AS developerId FROM residential_complexes
     GROUP BY developer_id ORDER BY developer_id`,
  ).all<{ complexId: number; developerId: number }>();
  developers = results;
});
let nextDeveloper = 0;
async function developerWithWebhook(mode: "ok" | "fail" | "hang-once", name: string) {
  // The seed has few developers: tests reuse them in turn, each pointing the webhook at its own name first.
  const d = developers[nextDeveloper++ % developers.length];
  if (!d) throw new Error("the seed has no developers");
  const secret = `secret-${name}`;
  await env.DB.prepare("UPDATE companies SET lead_webhook_url = ?2, lead_webhook_secret = ?3 WHERE id = ?1")
    .bind(d.developerId, `${WEBHOOK}/${mode}/${name}`, secret)
    .run();
  return { ...d, secret };
}

/** A request stored as the POST stores it, not handed to the queue: the test hands it over itself. */
async function storedLead(complexId: number): Promise<{ id: number; key: string }> {
  const key = crypto.randomUUID();
  const now = new Date().toISOString();
  const id = await insertLead(env.DB, {
    idempotencyKey: key,
    kind: "callback",
    complexId,
    livingObjectId: null,
    name: "Пётр",
    phone: "+79031234567",
    callTime: "morning",
    consentVersion: "2026-11-01",
    ip: "203.0.113.1",
    createdAt: now,
  });
  if (id === null) throw new Error("the lead was not stored");
  return { id, key };
}

const row = (id: number) =>
  env.DB.prepare("SELECT delivery, attempts, last_error, queued_at, delivered_at FROM leads WHERE id = ?1")
    .bind(id)
    .first<{
      delivery: string;
      attempts: number;
      last_error: string | null;
      queued_at: string | null;
      delivered_at: string | null;
    }>();

let messageSeq = 0;
/**
 * One delivery of the lead's message to the consumer, as the queue makes it on its `attempts`-th try. The
 * result is the queue's record of acks and retries, plus the delay each retry asked for (which it omits).
 */
async function consume(
  id: number,
  attempts: number,
  db: D1Database = env.DB,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
) {
  const batch = createMessageBatch(QUEUE, [
    { id: `m${++messageSeq}`, timestamp: new Date(), attempts, body: { id } },
  ]);
  const ctx = createExecutionContext();
  const delays: (number | undefined)[] = [];
  const messages = batch.messages.map((m) => ({
    body: m.body,
    attempts: m.attempts,
    ack: () => m.ack(),
    retry: (options?: { delaySeconds?: number }) => {
      delays.push(options?.delaySeconds);
      m.retry(options);
    },
  }));
  await deliverLeads({ queue: batch.queue, messages }, { DB: db, SITE_ORIGIN: env.SITE_ORIGIN }, timeoutMs);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

async function hmacBase64url(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
  return btoa(String.fromCharCode(...sig))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function postLead(complexId: number, key: string, db?: D1Database) {
  const ctx = createExecutionContext();
  const res = app.fetch(
    new Request("http://localhost/api/v1/leads", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "http://localhost",
        "User-Agent": HUMAN_UA,
        "CF-Connecting-IP": `192.0.2.${(messageSeq++ % 250) + 1}`,
      },
      body: JSON.stringify({
        idempotency_key: key,
        kind: "viewing",
        complex_id: complexId,
        name: "Мария",
        phone: "+7 925 000-11-22",
        call_time: "day",
        consent: true,
      }),
    }),
    db ? { ...env, DB: db } : env,
    ctx,
  );
  return Promise.resolve(res).then(async (r) => {
    await waitOnExecutionContext(ctx);
    return r;
  });
}

/**
 * The real D1, except that statements matching `pattern` fail: D1 going down between two steps of a request.
 * Both prepare() and batch() are covered; everything else goes to the real database.
 */
function failingOn(pattern: RegExp): D1Database {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "prepare") {
          return (sql: string) => {
            if (pattern.test(sql)) throw new Error("D1 is unavailable");
            return (t as D1Database).prepare(sql);
          };
        }
        // The request's D1 session (worker/db/session.ts) fails the same way.
        if (prop === "withSession") return (arg?: string) => wrap((t as D1Database).withSession(arg));
        const value = Reflect.get(t, prop, receiver);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  return wrap(env.DB);
}

describe("the leads queue", () => {
  it("carries a posted request to its developer's webhook, signed, with its idempotency key", async () => {
    const dev = await developerWithWebhook("ok", "signed");
    const key = crypto.randomUUID();
    const res = await postLead(dev.complexId, key);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // The real queue (miniflare) runs the real consumer; wait for its post to arrive.
    const got = await vi.waitFor(
      async () => {
        const list = await received("signed");
        if (!list.length) throw new Error("not delivered yet");
        return list;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(got).toHaveLength(1);
    const [hit] = got;
    if (!hit) throw new Error("no request");
    expect(hit.headers["idempotency-key"]).toBe(key);
    expect(hit.headers["content-type"]).toBe("application/json");
    const timestamp = hit.headers["x-lead-timestamp"] ?? "";
    expect(hit.headers["x-lead-signature"]).toBe(
      `sha256=${await hmacBase64url(dev.secret, `${timestamp}.${hit.body}`)}`,
    );
    expect(JSON.parse(hit.body)).toMatchObject({
      id,
      kind: "viewing",
      kind_label: "Записаться на просмотр",
      complex: { id: dev.complexId },
      apartment: null,
      name: "Мария",
      phone: "+79250001122",
      call_time: "day",
      call_time_label: "Днём, 12:00–17:00",
      consent: { version: "2026-11-01" },
    });
    await vi.waitFor(async () => expect((await row(id))?.delivery).toBe("delivered"), { timeout: 5_000 });
    expect(await row(id)).toMatchObject({ attempts: 1, last_error: null });
    expect((await row(id))?.queued_at).not.toBeNull();
  });

  it("retries a failing webhook with growing delays and dead-letters after the last try", async () => {
    const dev = await developerWithWebhook("fail", "failing");
    const { id } = await storedLead(dev.complexId);
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await consume(id, attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(...result.delays);
      expect(await row(id)).toMatchObject({
        delivery: "retrying",
        attempts: attempt,
        last_error: "Ответ вебхука: HTTP 503",
      });
    }
    expect(delays).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelaySeconds(i + 1)));
    expect(delays[1]).toBeGreaterThan(delays[0] ?? Infinity);
    expect(await received("failing")).toHaveLength(MAX_ATTEMPTS);
    // The queue moves the message retried on its last try to the dead-letter queue, whose consumer marks it.
    const dead = createMessageBatch(`${QUEUE}-dead`, [
      { id: "d1", timestamp: new Date(), attempts: 1, body: { id } },
    ]);
    const ctx = createExecutionContext();
    await deadLetterLeads(dead, env);
    expect((await getQueueResult(dead, ctx)).explicitAcks).toEqual(["d1"]);
    expect(await row(id)).toMatchObject({ delivery: "dead", last_error: "Ответ вебхука: HTTP 503" });
    // A dead request is not posted again by a late copy of its message.
    expect((await consume(id, 1)).explicitAcks).toHaveLength(1);
    expect(await received("failing")).toHaveLength(MAX_ATTEMPTS);
  });

  it("never posts a request twice: copies of its message after delivery, or at the same time, are dropped", async () => {
    const dev = await developerWithWebhook("ok", "once");
    const { id, key } = await storedLead(dev.complexId);
    // Two consumers with the same message at once: one posts, the other waits for the first's lease.
    const [a, b] = await Promise.all([consume(id, 1), consume(id, 1)]);
    expect([a.explicitAcks.length, b.explicitAcks.length].sort()).toEqual([0, 1]);
    expect([a.retryMessages.length, b.retryMessages.length].sort()).toEqual([0, 1]);
    // A later copy (the scheduled job's hand-over of a row the request could not mark) is acknowledged unposted.
    expect((await consume(id, 1)).explicitAcks).toHaveLength(1);
    expect((await consume(id, 2)).explicitAcks).toHaveLength(1);
    const got = await received("once");
    expect(got.map((r) => r.headers["idempotency-key"])).toEqual([key]);
    expect(await row(id)).toMatchObject({ delivery: "delivered", attempts: 1 });
  });

  it("marks a request of a developer without a webhook for the operator, and posts nothing", async () => {
    const d = developers[nextDeveloper++ % developers.length];
    if (!d) throw new Error("the seed has no developers");
    await env.DB.prepare("UPDATE companies SET lead_webhook_url = NULL WHERE id = ?1")
      .bind(d.developerId)
      .run();
    const { id } = await storedLead(d.complexId);
    expect((await consume(id, 1)).explicitAcks).toHaveLength(1);
    expect(await row(id)).toMatchObject({ delivery: "no_webhook", delivered_at: null });
  });
});

describe("faults around the leads queue", () => {
  it("D1 fails after the queue send: the request is answered, delivered once, and the outbox hands over a copy harmlessly", async () => {
    const dev = await developerWithWebhook("ok", "d1-after-send");
    const key = crypto.randomUUID();
    const res = await postLead(dev.complexId, key, failingOn(/SET queued_at/));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await row(id))?.queued_at).toBeNull();
    await vi.waitFor(async () => expect((await row(id))?.delivery).toBe("delivered"), {
      timeout: 15_000,
      interval: 100,
    });
    // Later the scheduled job finds the row unqueued (created over a minute ago) and hands it over again.
    await env.DB.prepare("UPDATE leads SET created_at = ?2 WHERE id = ?1")
      .bind(id, new Date(Date.now() - 5 * 60_000).toISOString())
      .run();
    const ctx = createExecutionContext();
    scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await row(id))?.queued_at).not.toBeNull();
    // The copy goes through the real queue too; a second request posted after it shows the queue has moved past it.
    const after = crypto.randomUUID();
    expect((await postLead(dev.complexId, after)).status).toBe(201);
    const got = await vi.waitFor(
      async () => {
        const list = await received("d1-after-send");
        if (!list.some((r) => r.headers["idempotency-key"] === after)) throw new Error("not yet");
        return list;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(got.map((r) => r.headers["idempotency-key"])).toEqual([key, after]);
    expect(await row(id)).toMatchObject({ delivery: "delivered", attempts: 1 });
  });

  it("the queue is down: the request is stored and answered, and the scheduled job hands it over", async () => {
    const dev = await developerWithWebhook("ok", "queue-down");
    const key = crypto.randomUUID();
    const ctx = createExecutionContext();
    const down = {
      send: () => Promise.reject(new Error("queue is unavailable")),
      sendBatch: () => Promise.reject(new Error("queue is unavailable")),
    };
    const res = await app.fetch(
      new Request("http://localhost/api/v1/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost", "User-Agent": HUMAN_UA },
        body: JSON.stringify({
          idempotency_key: key,
          kind: "callback",
          complex_id: dev.complexId,
          name: "Олег",
          phone: "9161112233",
          call_time: "any",
          consent: true,
        }),
      }),
      { ...env, LEADS_QUEUE: down },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await row(id)).toMatchObject({ queued_at: null, delivery: "pending" });
    await env.DB.prepare("UPDATE leads SET created_at = ?2 WHERE id = ?1")
      .bind(id, new Date(Date.now() - 5 * 60_000).toISOString())
      .run();
    const sctx = createExecutionContext();
    scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, sctx);
    await waitOnExecutionContext(sctx);
    await vi.waitFor(async () => expect((await row(id))?.delivery).toBe("delivered"), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await received("queue-down")).map((r) => r.headers["idempotency-key"])).toEqual([key]);
  });

  it("the webhook times out: the next try posts with the same idempotency key, and then nothing more", async () => {
    const dev = await developerWithWebhook("hang-once", "timeout");
    const { id, key } = await storedLead(dev.complexId);
    const first = await consume(id, 1, env.DB, TEST_TIMEOUT_MS);
    expect(first.retryMessages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ delivery: "retrying", last_error: "Вебхук не ответил за 0.3 с" });
    const second = await consume(id, 2);
    expect(second.explicitAcks).toHaveLength(1);
    expect((await consume(id, 3)).explicitAcks).toHaveLength(1);
    // The receiver saw the same key twice (it may have kept the first), so it keeps one request.
    expect((await received("timeout")).map((r) => r.headers["idempotency-key"])).toEqual([key, key]);
    expect(await row(id)).toMatchObject({ delivery: "delivered", attempts: 2 });
  });

  it("D1 fails while the consumer reads the request: the message is retried, not dropped", async () => {
    const dev = await developerWithWebhook("ok", "d1-in-consumer");
    const { id } = await storedLead(dev.complexId);
    const result = await consume(id, 1, failingOn(/FROM leads l/));
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await received("d1-in-consumer")).toEqual([]);
    expect((await consume(id, 2)).explicitAcks).toHaveLength(1);
    expect(await received("d1-in-consumer")).toHaveLength(1);
  });
});

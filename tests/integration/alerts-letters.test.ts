/**
 * The letters of a subscription with many changes: one letter shows the newest and tells how many more, and
 * covers them all (none is told again, none is left behind). Through the real D1 and the alerts queue.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { composeLetters } from "../../worker/alerts/match";
import { sendLetters } from "../../worker/alerts/send";
import { releaseComposeLease, takeComposeLease } from "../../worker/db/queries/alerts";
import { rows } from "./helpers";

const NOW = new Date("2026-11-28T10:00:00.000Z");

/** A confirmed subscriber following one search, with the seed's `n` newest price changes recorded for it. */
async function subscriberWithChanges(email: string, n: number, skip = 0): Promise<number> {
  const subscriber = await env.DB.prepare(
    `INSERT INTO subscribers (email, consent_version, consent_at, confirmed_at, confirm_hash, confirm_expires_at, created_at)
     VALUES (?1, '1', ?2, ?2, ?1, ?2, ?2) RETURNING id`,
  )
    .bind(email, NOW.toISOString())
    .first<{ id: number }>();
  const subscription = await env.DB.prepare(
    `INSERT INTO subscriptions (subscriber_id, kind, target, name, feed_token, confirmed_at, created_at)
     VALUES (?1, 'search', '/novostroyki/', 'Все новостройки', ?2, ?3, ?3) RETURNING id`,
  )
    .bind(subscriber?.id, `feed-${email}`, NOW.toISOString())
    .first<{ id: number }>();
  await env.DB.prepare(
    `INSERT INTO deliveries (subscription_id, event_id)
     SELECT ?1, id FROM change_events WHERE kind = 'price' AND living_object_id IS NOT NULL
     ORDER BY id DESC LIMIT ?2 OFFSET ?3`,
  )
    .bind(subscription?.id, n, skip)
    .run();
  return subscription?.id ?? 0;
}
const lettersTo = (email: string) =>
  rows<{ id: number }>(
    "SELECT l.id FROM letters l JOIN subscribers s ON s.id = l.subscriber_id WHERE s.email = ?1",
    email,
  );
const CHANGES = 45;
let subscriptionId = 0;

beforeAll(async () => {
  const subscriber = await env.DB.prepare(
    `INSERT INTO subscribers (email, consent_version, consent_at, confirmed_at, confirm_hash, confirm_expires_at, created_at)
     VALUES ('many@example.ru', '1', ?1, ?1, 'many-changes', ?1, ?1) RETURNING id`,
  )
    .bind(NOW.toISOString())
    .first<{ id: number }>();
  const subscription = await env.DB.prepare(
    `INSERT INTO subscriptions (subscriber_id, kind, target, name, feed_token, confirmed_at, created_at)
     VALUES (?1, 'search', '/novostroyki/', 'Все новостройки', 'feed-many', ?2, ?2) RETURNING id`,
  )
    .bind(subscriber?.id, NOW.toISOString())
    .first<{ id: number }>();
  subscriptionId = subscription?.id ?? 0;
  // The seed's newest price changes, as the matching would have recorded them.
  await env.DB.prepare(
    `INSERT INTO deliveries (subscription_id, event_id)
     SELECT ?1, id FROM change_events WHERE kind = 'price' AND living_object_id IS NOT NULL ORDER BY id DESC LIMIT ?2`,
  )
    .bind(subscriptionId, CHANGES)
    .run();
});

describe("a subscription with more changes than a letter shows", () => {
  it("gets one letter with the newest 20 and how many more, covering every change once", async () => {
    const made = await composeLetters(env, NOW);
    expect(made).toHaveLength(1);
    const [letter] = await rows<{ subject: string; text: string }>(
      "SELECT subject, text FROM letters WHERE id = ?1",
      made[0] ?? 0,
    );
    expect(letter?.subject).toBe(`«Все новостройки»: ${CHANGES}\u00a0изменений`);
    expect(letter?.text.match(/^- /gm)).toHaveLength(20);
    expect(letter?.text).toContain(`И ещё ${CHANGES - 20}\u00a0изменений`);
    // The newest first: the first shown is the newest recorded.
    const [newest] = await rows<{ event_id: number }>(
      "SELECT max(event_id) AS event_id FROM deliveries WHERE subscription_id = ?1",
      subscriptionId,
    );
    const [first] = await rows<{ living_object_id: number }>(
      "SELECT living_object_id FROM change_events WHERE id = ?1",
      newest?.event_id ?? 0,
    );
    expect(letter?.text.indexOf(`kvartira-${first?.living_object_id}/`)).toBeLessThan(
      letter?.text.indexOf("И ещё") ?? 0,
    );
    const [left] = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM deliveries WHERE subscription_id = ?1 AND letter_id IS NULL",
      subscriptionId,
    );
    expect(left?.n).toBe(0);
    expect(await composeLetters(env, NOW)).toEqual([]);
  });
});

describe("many subscribers due at once", () => {
  it("a run makes its share and asks the queue for the next, whose consumer makes the rest", async () => {
    const emails = ["chain1@example.ru", "chain2@example.ru", "chain3@example.ru"];
    for (const [i, email] of emails.entries()) await subscriberWithChanges(email, 3, i * 3);
    // The queue, recorded on its way (what is sent still goes to the real binding).
    const sent: unknown[] = [];
    const queue = env.ALERTS_QUEUE;
    const recorded = {
      ...env,
      ALERTS_QUEUE: Object.assign(Object.create(queue) as Queue, {
        send: (body: unknown, options?: QueueSendOptions) => {
          sent.push(body);
          return queue.send(body, options);
        },
        sendBatch: (messages: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) =>
          queue.sendBatch(messages, options),
      }),
    };
    expect(await composeLetters(recorded, NOW, 2)).toHaveLength(2);
    expect(sent).toEqual([{ compose: true }]);
    const batch = createMessageBatch("novostroyki-alerts", [
      { id: "compose-1", timestamp: new Date(), attempts: 1, body: { compose: true } },
    ]);
    await sendLetters(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["compose-1"]);
    for (const email of emails) expect(await lettersTo(email)).toHaveLength(1);
  });

  it("one composer at a time: a run finds another's lease and makes nothing; two at once make each letter once", async () => {
    await subscriberWithChanges("leased@example.ru", 1, 20);
    const until = new Date(Date.now() + 60_000).toISOString();
    expect(await takeComposeLease(env.DB, new Date().toISOString(), until)).toBe(true);
    expect(await composeLetters(env, NOW)).toEqual([]);
    await releaseComposeLease(env.DB, until);
    expect(await composeLetters(env, NOW)).toHaveLength(1);
    // A lease run out (its run died) is taken by the next.
    await takeComposeLease(env.DB, new Date().toISOString(), new Date(Date.now() - 1).toISOString());
    await subscriberWithChanges("after@example.ru", 1, 21);
    expect(await composeLetters(env, NOW)).toHaveLength(1);
    const emails = ["twice1@example.ru", "twice2@example.ru"];
    for (const [i, email] of emails.entries()) await subscriberWithChanges(email, 2, 30 + i * 2);
    const [a, b] = await Promise.all([composeLetters(env, NOW), composeLetters(env, NOW)]);
    expect(a.length + b.length).toBe(2);
    for (const email of emails) expect(await lettersTo(email)).toHaveLength(1);
  });
});

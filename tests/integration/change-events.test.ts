import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { importFeedAt } from "../../worker/feeds/import";
import ladoga from "../fixtures/feeds/ladoga.xml?raw";
import { rows } from "./helpers";

// Change events (migration 0018) are written by triggers: whoever changes a fact a buyer can follow records it
// once, and a write that changes nothing records nothing. The tests of this file run in order on one database.
const URL = "https://feeds.ladoga.example/events.xml";

const importText = (text: string) =>
  importFeedAt(
    env.DB,
    URL,
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    }),
  );

const lastEvent = async () =>
  (await rows<{ id: number }>("SELECT coalesce(max(id), 0) AS id FROM change_events"))[0]?.id ?? 0;
const eventCount = async () =>
  (await rows<{ n: number }>("SELECT count(*) AS n FROM change_events"))[0]?.n ?? 0;

describe("change events", () => {
  it("the seed leaves capture on, and its history is events: moved deadlines and price changes", async () => {
    expect(await rows("SELECT * FROM change_capture")).toEqual([]);
    // Every house whose deadline moved has its moves as events, a chain from the first promise to the current
    // quarter (one move, or two or three for a house late many times).
    const moved = await rows<{ id: number; planned: number; current: number; chain: string }>(
      `SELECT h.id, h.planned_deadline_year * 4 + h.planned_deadline_quarter - 1 AS planned,
         h.deadline_year * 4 + h.deadline_quarter - 1 AS current,
         (SELECT json_group_array(json_array(e.old_value, e.new_value)) FROM
           (SELECT old_value, new_value FROM change_events WHERE house_id = h.id AND kind = 'deadline' ORDER BY id) e) AS chain
       FROM houses h WHERE h.planned_deadline_year IS NOT NULL`,
    );
    expect(moved.length).toBeGreaterThan(0);
    for (const h of moved) {
      const chain = JSON.parse(h.chain) as [number, number][];
      expect(chain.length, `house ${h.id}`).toBeGreaterThan(0);
      expect(chain[0]?.[0], `house ${h.id}`).toBe(h.planned);
      expect(chain.at(-1)?.[1], `house ${h.id}`).toBe(h.current);
      for (const [i, [from, to]] of chain.entries()) {
        expect(to, `house ${h.id}`).toBeGreaterThan(from);
        if (i > 0) expect(from, `house ${h.id}`).toBe(chain[i - 1]?.[1]);
      }
    }
    expect(moved.some((h) => JSON.parse(h.chain).length > 1)).toBe(true);
    // The catalogue itself is where the seed starts: no apartment went on sale without a history of prices.
    const [lone] = await rows<{ n: number }>(
      `SELECT count(*) AS n FROM change_events e WHERE e.kind = 'on_sale'
         AND NOT EXISTS (SELECT 1 FROM change_events p WHERE p.living_object_id = e.living_object_id AND p.kind = 'price')`,
    );
    expect(lone?.n).toBe(0);
  });

  it("a feed's first import: each complex published, each house being built on sale, each flat on sale", async () => {
    const last = await lastEvent();
    const run = await importText(ladoga);
    expect(run).toMatchObject({ status: "ok", added: 150 });
    const kinds = await rows<{ kind: string; n: number }>(
      "SELECT kind, count(*) AS n FROM change_events WHERE id > ?1 GROUP BY kind ORDER BY kind",
      last,
    );
    const [expected] = await rows<{ complexes: number; building: number }>(
      `SELECT count(DISTINCT rc.id) AS complexes, (SELECT count(*) FROM houses h JOIN residential_complexes x
         ON x.id = h.complex_id WHERE x.feed_key IS NOT NULL AND h.is_finished = 0) AS building
       FROM residential_complexes rc WHERE rc.feed_key IS NOT NULL`,
    );
    expect(kinds).toEqual([
      { kind: "on_sale", n: 150 },
      { kind: "published", n: expected?.complexes },
      { kind: "sales_start", n: expected?.building },
    ]);
  });

  it("the same feed again records nothing", async () => {
    const before = await eventCount();
    expect(await importText(ladoga)).toMatchObject({ status: "ok", added: 0, updated: 0, sold: 0 });
    expect(await eventCount()).toBe(before);
  });

  it("a moved deadline is one event with the old and the new quarter, once", async () => {
    const later = ladoga.replaceAll("<built-year>2028</built-year>", "<built-year>2029</built-year>");
    expect(await importText(later)).toMatchObject({ status: "ok" });
    const events = await rows<{ old_value: number; new_value: number; year: number; quarter: number }>(
      `SELECT e.old_value, e.new_value, h.deadline_year AS year, h.deadline_quarter AS quarter
       FROM change_events e JOIN houses h ON h.id = e.house_id
       JOIN residential_complexes rc ON rc.id = h.complex_id
       WHERE e.kind = 'deadline' AND rc.feed_key IS NOT NULL`,
    );
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e?.year).toBe(2029);
    expect(e?.new_value).toBe(2029 * 4 + (e?.quarter ?? 0) - 1);
    expect(e?.old_value).toBe(2028 * 4 + (e?.quarter ?? 0) - 1);
    const before = await eventCount();
    await importText(later);
    expect(await eventCount()).toBe(before);
  });

  it("an edit by hand (an operator's SQL) records a price change, and a write of the same price none", async () => {
    const [flat] = await rows<{ id: number; price: number }>(
      "SELECT id, price FROM living_objects WHERE status = 1 AND feed_id IS NULL ORDER BY id LIMIT 1",
    );
    if (!flat) throw new Error("no apartment on sale");
    const last = await lastEvent();
    await env.DB.prepare("UPDATE living_objects SET price = price WHERE id = ?1").bind(flat.id).run();
    expect(await lastEvent()).toBe(last);
    await env.DB.prepare("UPDATE living_objects SET price = ?2 WHERE id = ?1")
      .bind(flat.id, flat.price - 100_000)
      .run();
    await env.DB.prepare("UPDATE living_objects SET status = 3 WHERE id = ?1").bind(flat.id).run();
    const events = await rows<{ kind: string; old_value: number; new_value: number }>(
      "SELECT kind, old_value, new_value FROM change_events WHERE living_object_id = ?1 AND id > ?2 ORDER BY id",
      flat.id,
      last,
    );
    expect(events).toEqual([
      { kind: "price", old_value: flat.price, new_value: flat.price - 100_000 },
      { kind: "sold", old_value: flat.price - 100_000, new_value: flat.price - 100_000 },
    ]);
  });
});

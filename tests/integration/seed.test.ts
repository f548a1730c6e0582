import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { generateSeed, TABLE_ORDER } from "../../worker/db/seed";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A table's rows, as sorted JSON lines, so that insertion order and primary-key order compare equal. */
function canonical(rows: unknown[][]): string {
  return rows
    .map((r) => JSON.stringify(r))
    .sort()
    .join("\n");
}

describe("seed", () => {
  it("is deterministic, and the database holds exactly what the generator made", async () => {
    const first = generateSeed(0.02);
    const second = generateSeed(0.02);
    for (const table of TABLE_ORDER) {
      const a = first.find((t) => t.table === table);
      const b = second.find((t) => t.table === table);
      expect(a, table).toBeDefined();
      if (!a || !b) continue;
      const generated = await sha256(canonical(a.rows));
      expect(await sha256(canonical(b.rows)), table).toBe(generated);
      const { results } = await env.DB.prepare(`SELECT ${a.columns.join(", ")} FROM ${table}`)
        .raw<unknown[]>()
        .then((rows) => ({ results: rows }));
      expect(results.length, table).toBe(a.rows.length);
      expect(await sha256(canonical(results)), table).toBe(generated);
    }
  });

  it("keeps the complex aggregates consistent with its apartments on sale", async () => {
    const { results } = await env.DB.prepare(
      `SELECT rc.id, rc.min_price, rc.max_price, rc.min_area, rc.max_area, rc.apartments_on_sale,
              min(lo.price) AS lo_min_price, max(lo.price) AS lo_max_price, min(lo.area_total) AS lo_min_area,
              max(lo.area_total) AS lo_max_area, count(lo.id) AS lo_count
       FROM residential_complexes rc JOIN living_objects lo ON lo.complex_id = rc.id AND lo.status = 1
       GROUP BY rc.id`,
    ).all<Record<string, number>>();
    expect(results.length).toBeGreaterThan(40);
    for (const r of results) {
      expect(r.min_price).toBe(r.lo_min_price);
      expect(r.max_price).toBe(r.lo_max_price);
      expect(r.min_area).toBe(r.lo_min_area);
      expect(r.max_area).toBe(r.lo_max_area);
      expect(r.apartments_on_sale).toBe(r.lo_count);
    }
    const stats = await env.DB.prepare(
      `SELECT rs.complex_id, rs.rooms, rs.count, rs.min_price, count(lo.id) AS n, min(lo.price) AS p
       FROM room_stats rs JOIN living_objects lo ON lo.complex_id = rs.complex_id AND lo.rooms = rs.rooms AND lo.status = 1
       GROUP BY rs.complex_id, rs.rooms`,
    ).all<Record<string, number>>();
    for (const r of stats.results) {
      expect(r.count).toBe(r.n);
      expect(r.min_price).toBe(r.p);
    }
  });
});

describe("aggregates", () => {
  it("follow the apartments when a writer changes them", async () => {
    const { refreshAggregates } = await import("../../worker/db/queries/aggregates");
    const complex = await env.DB.prepare(
      "SELECT id, min_price, apartments_on_sale FROM residential_complexes ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      min_price: number;
      apartments_on_sale: number;
    }>();
    if (!complex) throw new Error("no complex");
    const cheapest = await env.DB.prepare(
      "SELECT id, rooms FROM living_objects WHERE complex_id = ?1 AND status = 1 ORDER BY price LIMIT 1",
    )
      .bind(complex.id)
      .first<{ id: number; rooms: number }>();
    if (!cheapest) throw new Error("no apartment");
    await env.DB.prepare("UPDATE living_objects SET status = 3 WHERE id = ?1").bind(cheapest.id).run();
    await refreshAggregates(env.DB, [complex.id]);
    const after = await env.DB.prepare(
      "SELECT min_price, apartments_on_sale FROM residential_complexes WHERE id = ?1",
    )
      .bind(complex.id)
      .first<{ min_price: number; apartments_on_sale: number }>();
    expect(after?.apartments_on_sale).toBe(complex.apartments_on_sale - 1);
    expect(after?.min_price).toBeGreaterThan(complex.min_price);
    const real = await env.DB.prepare(
      "SELECT min(price) AS p FROM living_objects WHERE complex_id = ?1 AND status = 1",
    )
      .bind(complex.id)
      .first<{ p: number }>();
    expect(after?.min_price).toBe(real?.p);
  });
});

/**
 * Each query once per request (issue #19): every page type is rendered with a D1 binding that records the
 * statements it runs; no statement (SQL and its bound values) may run twice while one page is rendered. The
 * counts per page type are printed (the README's measuring part keeps the table).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { HUMAN_UA } from "./helpers";
import { app } from "./worker-app";

interface Recorder {
  binding: D1Database;
  /** Every statement run, as its SQL and bound values. */
  runs: string[];
}

/** A D1 binding that records each statement it runs (alone or in a batch), sessions included. */
function recording(db: D1Database): Recorder {
  const runs: string[] = [];
  const real = new WeakMap<object, { stmt: D1PreparedStatement; label: string }>();
  const wrap = (stmt: D1PreparedStatement, sql: string, values: unknown[]): D1PreparedStatement => {
    const label = `${sql} ${JSON.stringify(values)}`;
    const record = () => runs.push(label);
    const wrapped = {
      bind: (...vs: unknown[]) => wrap(stmt.bind(...vs), sql, vs),
      first: (col?: string) => (record(), col === undefined ? stmt.first() : stmt.first(col)),
      all: () => (record(), stmt.all()),
      run: () => (record(), stmt.run()),
      raw: (opts?: { columnNames?: boolean }) => (record(), stmt.raw(opts as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, { stmt, label });
    return wrapped;
  };
  const database = (d: D1Database | D1DatabaseSession) => ({
    prepare: (sql: string) => wrap(d.prepare(sql), sql, []),
    batch: (stmts: D1PreparedStatement[]) => {
      for (const s of stmts) runs.push(real.get(s)?.label ?? "?");
      return d.batch(stmts.map((s) => real.get(s)?.stmt ?? s));
    },
  });
  const binding = {
    ...database(db),
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: (start?: string) => ({
      ...database(db.withSession(start)),
      getBookmark: () => null,
    }),
  } as unknown as D1Database;
  return { binding, runs };
}

/** A page rendered for a person (ads included) with the edge cache bypassed, and the statements it ran. */
async function render(path: string): Promise<{ status: number; runs: string[] }> {
  const db = recording(env.DB);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      headers: { "User-Agent": HUMAN_UA, "Cache-Control": "no-cache" },
    }),
    { ...env, DB: db.binding },
    ctx,
  );
  await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, runs: db.runs };
}

const one = async <T>(sql: string): Promise<T> => {
  const row = await env.DB.prepare(sql).first<T>();
  if (!row) throw new Error(`the seed has nothing for ${sql}`);
  return row;
};

/** One URL of each page type that reads data. */
let pages: Record<string, string> = {};

beforeAll(async () => {
  const complex = await one<{ id: number; slug: string }>(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  );
  const apartment = await one<{ id: number }>(
    `SELECT id FROM living_objects WHERE complex_id = ${complex.id} ORDER BY id LIMIT 1`,
  );
  const post = await one<{ slug: string; category: string }>(
    "SELECT p.slug, c.slug AS category FROM media_posts p JOIN media_categories c ON c.id = p.category_id ORDER BY p.id LIMIT 1",
  );
  const company = await one<{ slug: string }>(
    "SELECT slug FROM companies WHERE type = 'developer' AND complexes_total > 0 ORDER BY id LIMIT 1",
  );
  const station = await one<{ slug: string }>(
    "SELECT slug FROM subway_stations WHERE kind = 'metro' ORDER BY id LIMIT 1",
  );
  pages = {
    home: "/",
    listing: "/novostroyki/",
    "listing (named)": "/novostroyki/moskva/",
    map: "/novostroyki/na-karte/",
    "location-type": "/po-metro/",
    location: `/po-metro/${station.slug}/`,
    complex: `/novostroyki/${complex.slug}/`,
    "apartments (list)": "/kvartiry/",
    "apartments (complex)": `/kvartiry/novostroyka/${complex.slug}/`,
    apartment: `/kvartiry/kvartira-${apartment.id}/`,
    journal: "/journal/",
    article: `/journal/${post.category}/${post.slug}/`,
    companies: "/companies/",
    "companies-type": "/companies/developers/",
    company: `/companies/developers/${company.slug}/`,
    special: "/special/",
  };
});

describe("D1 statements per page", () => {
  it("runs no statement twice while rendering one page", async () => {
    const table: string[] = [];
    for (const [type, path] of Object.entries(pages)) {
      await render(path); // warms the KV caches, as a page's second visitor finds them
      const { status, runs } = await render(path);
      expect(status, path).toBe(200);
      const repeated = runs.filter((r, i) => runs.indexOf(r) !== i);
      table.push(`${type.padEnd(22)} ${String(runs.length).padStart(3)} (${repeated.length} repeated)`);
      if (repeated.length) console.log(type, repeated);
      expect.soft(repeated, `${type}: ${path}`).toEqual([]);
    }
    console.log(`D1 statements per page (warm KV):\n${table.join("\n")}`);
  });
});

/**
 * Each query once per request (issue #19): every page type is rendered with a D1 binding that records the
 * statements it runs; no statement (SQL and its bound values) may run twice while one page is rendered. The
 * counts per page type are printed (the README's measuring part keeps the table).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { HUMAN_UA } from "./helpers";

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
    const counted = <R>(run: () => R): R => {
      record();
      return run();
    };
    const wrapped = {
      bind: (...vs: unknown[]) => wrap(stmt.bind(...vs), sql, vs),
      first: (col?: string) => counted(() => (col === undefined ? stmt.first() : stmt.first(col))),
      all: () => counted(() => stmt.all()),
      run: () => counted(() => stmt.run()),
      raw: (opts?: { columnNames?: boolean }) => counted(() => stmt.raw(opts as { columnNames: true })),
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

interface Seed {
  complex: string;
  /** The complex with the most stations: its page's map shows them all. */
  stations: string;
  apartment: number;
  post: { slug: string; category: string };
  company: string;
  station: string;
}

let seed: Seed;

beforeAll(async () => {
  const complex = await one<{ id: number; slug: string }>(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  );
  const stations = await one<{ slug: string }>(
    `SELECT rc.slug FROM residential_complexes rc JOIN complex_stations cs ON cs.complex_id = rc.id
     WHERE rc.is_published = 1 GROUP BY rc.id ORDER BY count(*) DESC, rc.id LIMIT 1`,
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
  seed = {
    complex: complex.slug,
    stations: stations.slug,
    apartment: apartment.id,
    post,
    company: company.slug,
    station: station.slug,
  };
});

/** One URL of each page type that reads data. */
const PAGES: [string, (s: Seed) => string][] = [
  ["home", () => "/"],
  ["listing", () => "/novostroyki/"],
  ["listing (named)", () => "/novostroyki/moskva/"],
  ["map", () => "/novostroyki/na-karte/"],
  ["location-type", () => "/po-metro/"],
  ["location", (s) => `/po-metro/${s.station}/`],
  ["complex", (s) => `/novostroyki/${s.complex}/`],
  ["complex (most stations)", (s) => `/novostroyki/${s.stations}/`],
  ["apartments (list)", () => "/kvartiry/"],
  ["apartments (complex)", (s) => `/kvartiry/novostroyka/${s.complex}/`],
  ["apartment", (s) => `/kvartiry/kvartira-${s.apartment}/`],
  ["compare", (s) => `/sravnenie/?ids=${s.apartment}`],
  ["journal", () => "/journal/"],
  ["article", (s) => `/journal/${s.post.category}/${s.post.slug}/`],
  ["companies", () => "/companies/"],
  ["companies-type", () => "/companies/developers/"],
  ["company", (s) => `/companies/developers/${s.company}/`],
  ["special", () => "/special/"],
];

const table: string[] = [];
afterAll(() => console.log(`D1 statements per page (warm KV):\n${table.join("\n")}`));

describe("D1 statements per page", () => {
  it.each(PAGES)("%s runs no statement twice", async (type, pathOf) => {
    const path = pathOf(seed);
    await render(path); // warms the KV caches, as a page's second visitor finds them
    const { status, runs } = await render(path);
    expect(status, path).toBe(200);
    const repeated = runs.filter((r, i) => runs.indexOf(r) !== i);
    table.push(`${type.padEnd(22)} ${String(runs.length).padStart(3)}`);
    expect(repeated, path).toEqual([]);
  });
});

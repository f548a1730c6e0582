/**
 * Each query once per request (issue #19), and a page's D1 work in as few waves as its data allows (issue #20):
 * every page type is rendered with a D1 binding that records the statements it runs; no statement (SQL and its
 * bound values) may run twice while one page is rendered, and no page type may run more statements or waves
 * than its line in PAGES allows. The numbers per page type are printed (the README's measuring part keeps them).
 *
 * Waves are counted from the order of the binding's calls and answers, never from their times: a statement
 * (or a batch) is of the wave after the highest wave among the statements that had answered when it started.
 * Statements started together are one wave; one that needed an earlier answer is a wave later.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { HUMAN_UA } from "./helpers";

interface Recorder {
  binding: D1Database;
  /** Every statement run, as its SQL and bound values. */
  runs: string[];
  /** The number of waves: statements that could only start once an earlier one had answered. */
  waves(): number;
}

/** A D1 binding that records each statement it runs (alone or in a batch), sessions included. */
function recording(db: D1Database): Recorder {
  const runs: string[] = [];
  /** The highest wave among the statements that have answered so far, and the highest of all. */
  let answered = 0;
  let highest = 0;
  /** Starts a statement (or a batch) in the next wave after those answered, and notes its wave when it ends. */
  const inWave = <R>(run: () => Promise<R>): Promise<R> => {
    const wave = answered + 1;
    highest = Math.max(highest, wave);
    return run().finally(() => {
      answered = Math.max(answered, wave);
    });
  };
  const real = new WeakMap<object, { stmt: D1PreparedStatement; label: string }>();
  const wrap = (stmt: D1PreparedStatement, sql: string, values: unknown[]): D1PreparedStatement => {
    const label = `${sql} ${JSON.stringify(values)}`;
    const counted = <R>(run: () => Promise<R>): Promise<R> => {
      runs.push(label);
      return inWave(run);
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
      return inWave(() => d.batch(stmts.map((s) => real.get(s)?.stmt ?? s)));
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
  return { binding, runs, waves: () => highest };
}

/** A page rendered for a person (ads included) with the edge cache bypassed, and the statements it ran. */
async function render(path: string): Promise<{ status: number; runs: string[]; waves: number }> {
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
  return { status: res.status, runs: db.runs, waves: db.waves() };
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

/**
 * One URL of each page type that reads data, and at most how many statements and waves it may take. A second
 * wave is where a query needs an earlier answer: the developer's other complexes need the complex's developer,
 * an apartment's complex the apartment. (A page of companies reads the version of their order, kept in the
 * isolate, beside its cards: once for both of /companies/'s lists; migration 0027. A list's cards
 * come with their rows; the similar complexes, an article's related ones, a company's complexes are read by
 * the URL's id or slug; a location's id comes from KV, warm here.)
 */
const PAGES: [string, (s: Seed) => string, statements: number, waves: number][] = [
  ["home", () => "/", 3, 1],
  ["listing", () => "/novostroyki/", 2, 1],
  ["listing (named)", () => "/novostroyki/moskva/", 3, 1],
  ["listing (commute)", () => "/novostroyki/?commute_to=10&commute_max=45&sort=commute+asc", 4, 1],
  ["commute (method)", () => "/vremya-v-puti/", 1, 1],
  // A destination named as a place: its names and the stations, in one batch beside the stations' list.
  ["commute (a place)", () => "/vremya-v-puti/?mesto=%D0%90%D1%80%D0%B1%D0%B0%D1%82", 3, 1],
  ["map", () => "/novostroyki/na-karte/", 2, 1],
  ["location-type", () => "/po-metro/", 1, 1],
  ["location", (s) => `/po-metro/${s.station}/`, 3, 1],
  ["complex", (s) => `/novostroyki/${s.complex}/`, 9, 2],
  ["complex (most stations)", (s) => `/novostroyki/${s.stations}/`, 9, 2],
  ["apartments (list)", () => "/kvartiry/", 2, 1],
  ["apartments (complex)", (s) => `/kvartiry/novostroyka/${s.complex}/`, 6, 1],
  ["apartment", (s) => `/kvartiry/kvartira-${s.apartment}/`, 5, 2],
  ["compare", (s) => `/sravnenie/?ids=${s.apartment}`, 1, 1],
  ["journal", () => "/journal/", 3, 1],
  ["article", (s) => `/journal/${s.post.category}/${s.post.slug}/`, 2, 1],
  ["companies", () => "/companies/", 3, 1],
  ["companies-type", () => "/companies/developers/", 2, 1],
  ["company", (s) => `/companies/developers/${s.company}/`, 3, 1],
  ["special", () => "/special/", 1, 1],
];

const table: string[] = [];
afterAll(() => console.log(`D1 statements and waves per page (warm KV):\n${table.join("\n")}`));

describe("D1 statements per page", () => {
  it.each(PAGES)("%s runs no statement twice, in few waves", async (type, pathOf, statements, most) => {
    const path = pathOf(seed);
    await render(path); // warms the KV caches, as a page's second visitor finds them
    const { status, runs, waves } = await render(path);
    expect(status, path).toBe(200);
    const repeated = runs.filter((r, i) => runs.indexOf(r) !== i);
    table.push(`${type.padEnd(24)} ${String(runs.length).padStart(3)} ${String(waves).padStart(3)}`);
    expect(repeated, path).toEqual([]);
    expect(runs.length, `${path}: statements`).toBeLessThanOrEqual(statements);
    expect(waves, `${path}: waves`).toBeLessThanOrEqual(most);
  });
});

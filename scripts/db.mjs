// Local D1: apply the migrations with wrangler, then seed the catalogue when the database is empty. The seed
// goes straight into the same local D1 through Miniflare (wrangler's own engine), many times faster than
// `wrangler d1 execute --file` for the large catalogue.
import { readFileSync, rmSync } from "node:fs";
import * as esbuild from "esbuild";
import { Miniflare } from "miniflare";
import { bin, ROOT, run } from "./lib.mjs";

export function databaseId() {
  const toml = readFileSync(`${ROOT}wrangler.toml`, "utf8");
  const id = /database_id\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  if (!id) throw new Error("wrangler.toml: no database_id");
  return id;
}

/**
 * The worker inside Miniflare that runs the scripts' statements, one batch a request. Not Miniflare's own D1 proxy
 * (`getD1Database`): its every `prepare()` is a synchronous call through a worker thread, and this miniflare's
 * handshake loses a reply when that thread is preempted («AssertionError: false == true» in SynchronousFetcher,
 * fixed upstream in workers-sdk#15552, in releases that need Node 22). On a loaded machine the seed failed or
 * hung on it (`npm start`, `npm run seed`, the measuring scripts); here every call is an ordinary async fetch.
 */
const BRIDGE = `export default {
  async fetch(request, env) {
    const statements = await request.json();
    try {
      const results = await env.DB.batch(statements.map(([sql, params]) => env.DB.prepare(sql).bind(...params)));
      return Response.json(results);
    } catch (err) {
      return Response.json({ error: String(err?.message ?? err) }, { status: 500 });
    }
  },
};`;

/** A statement of the bridged D1: the part of D1's API the scripts and the seed use. */
class Statement {
  constructor(send, sql, params = []) {
    this.send = send;
    this.sql = sql;
    this.params = params;
  }
  bind(...params) {
    return new Statement(this.send, this.sql, params);
  }
  async all() {
    return (await this.send([this]))[0];
  }
  run() {
    return this.all();
  }
  async first(column) {
    const row = (await this.all()).results[0];
    if (row === undefined) return null;
    return column === undefined ? row : row[column];
  }
  async raw() {
    return (await this.all()).results.map((row) => Object.values(row));
  }
}

/**
 * Opens the local D1 that `wrangler dev --persist-to <persistTo>` uses (an empty in-memory one without
 * `persistTo`), through Miniflare: the one D1 opener of the scripts. `db` has D1's `prepare` (with `bind`,
 * `all`, `first`, `run`, `raw`) and `batch`; `dispose()` closes it.
 */
export async function openLocalD1(persistTo) {
  const mf = new Miniflare({
    modules: true,
    script: BRIDGE,
    d1Databases: { DB: databaseId() },
    ...(persistTo ? { d1Persist: `${persistTo}/v3/d1` } : {}),
  });
  await mf.ready;
  const send = async (statements) => {
    const res = await mf.dispatchFetch("http://d1.local/", {
      method: "POST",
      body: JSON.stringify(statements.map((s) => [s.sql, s.params])),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(body.error);
    return body;
  };
  const db = { prepare: (sql) => new Statement(send, sql), batch: (statements) => send(statements) };
  return { db, dispose: () => mf.dispose() };
}

/** Bundles a TypeScript module of the worker for Node and imports it. */
export async function importTypeScript(entry) {
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    // A CommonJS dependency (react-dom/server, which the letters render with) requires Node's own modules.
    banner: {
      js: `import { createRequire } from "node:module"; const require = createRequire(${JSON.stringify(ROOT)});`,
    },
    write: false,
    logLevel: "error",
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** The SQL of the seed of a scale. */
export async function seedStatements(scale) {
  return (await importTypeScript("worker/db/seed/cli.ts")).seedStatements(scale);
}

export async function seed({ persistTo, scale }) {
  const started = Date.now();
  const { statements, counts } = await seedStatements(scale);
  console.log(
    `▶ Заполняю базу: масштаб ${scale}, ${counts.residential_complexes} ЖК, ${counts.living_objects} квартир…`,
  );
  const { db, dispose } = await openLocalD1(persistTo);
  try {
    for (let i = 0; i < statements.length; i += 10) {
      await db.batch(statements.slice(i, i + 10).map((s) => db.prepare(s)));
    }
  } finally {
    await dispose();
  }
  console.log(`✔ База заполнена за ${((Date.now() - started) / 1000).toFixed(1)} с`);
}

export function migrate(persistTo) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function isEmpty(persistTo) {
  const { db, dispose } = await openLocalD1(persistTo);
  const row = await db.prepare("SELECT count(*) AS n FROM residential_complexes").first().finally(dispose);
  return !row?.n;
}

export async function prepareDatabase({ persistTo, scale = 1 }) {
  migrate(persistTo);
  if (await isEmpty(persistTo)) await seed({ persistTo, scale });
}

/** A fresh database of the given scale (drops the local D1 state first). */
export async function reseed({ persistTo, scale }) {
  rmSync(`${persistTo}/v3/d1`, { recursive: true, force: true });
  migrate(persistTo);
  await seed({ persistTo, scale });
}

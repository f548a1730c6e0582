// npm run bench: the numbers behind ARCHITECTURE.md's budgets, for people to read (nothing here passes or
// fails). At seed scales 1 and 10: requests per second, p50/p99 latency and workerd's CPU a request of the main pages, the count call
// and a static asset through the production build on loopback (scripts/local-server.mjs) (autocannon, 10 connections, 10 s each, then
// 50 requests one at a time: the latency without queueing, the closest this gets to server time),
// the catalogue's D1 queries timed directly, and every page's first-load JS and CSS in gzip bytes.
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";
import * as esbuild from "esbuild";
import { buildClient } from "./build-client.mjs";
import { openLocalD1 } from "./db.mjs";
import { firstLoad } from "./first-load.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

/**
 * BENCH_SCALES=1 for a quick run at scale 1 only; BENCH_TARGETS and BENCH_RANDOM_FILTERS below;
 * BENCH_FILTERS="Охотный" times only the filters whose name holds that text.
 */
const SCALES = (process.env.BENCH_SCALES ?? "1,10").split(",").map(Number);
const CONNECTIONS = 10;
const SECONDS = 10;
const D1_RUNS = 50;
const D1_BUDGET_MS = 5000;
/** A person's browser: bots and Node's own user agent get the bots' variant of the pages. */
const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "accept-encoding": "gzip, br",
};

function table(rows) {
  const keys = Object.keys(rows[0]);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padStart(width[i])).join("  ");
  console.log(`\n${line(keys)}\n${line(width.map((w) => "-".repeat(w)))}`);
  for (const r of rows) console.log(line(keys.map((k) => r[k])));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The listing's own SQL builders, the plain count of a filter (tests/catalogue-oracle.ts) and the filter model's
 * random filters (tests/load/count-calls.ts), bundled for Node.
 */
async function listingSql() {
  const out = await esbuild.build({
    stdin: {
      contents: `export { countComplexesSql, listComplexesSql } from "./worker/db/queries/complexes.ts";
        export { directCountSql } from "./tests/catalogue-oracle.ts";
        export { randomFilter } from "./tests/load/count-calls.ts";
        export { Random } from "./worker/db/seed/prng.ts";`,
      resolveDir: ".",
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "error",
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}

/** The filters whose list and count are timed: the count's shapes (docs/decisions/0002-counts-at-scale.md). */
async function benchFilters(db) {
  const station = await db
    .prepare(
      "SELECT station_id AS id FROM complex_stations GROUP BY station_id ORDER BY count(*) DESC LIMIT 1",
    )
    .first();
  // «Время в пути» (issue 32): the most asked destination of the issue's example.
  const okhotny = await db
    .prepare("SELECT id FROM subway_stations WHERE kind = 'metro' AND name = 'Охотный Ряд'")
    .first();
  return {
    "без фильтров": {},
    "2-комн.": { rooms: [2] },
    "8–14 млн ₽": { price: { min: 8_000_000, max: 14_100_000 } },
    "у станции метро": { subway_stations: [station.id] },
    "Москва, 1–2-комн., чистовая": { regions: [1], rooms: [1, 2], otdelka: [3] },
    // distance_time is a code of the form's list: 3 is «до 15 минут».
    "≤ 15 мин пешком, сдан": { distance_type: 1, distance_time: 3, deadline: [0] },
    "40–60 м²": { area: { min: 40, max: 60 } },
    "платёж до 120 тыс. ₽/мес": { payment: { max: 120_000 } },
    "2-комн. до 12 млн ₽": { rooms: [2], price: { max: 12_000_000 } },
    "1–2-комн. от 40 м²": { rooms: [1, 2], area: { min: 40 } },
    "чистовая до 10 млн ₽": { otdelka: [3], price: { max: 10_000_000 } },
    "у МЦК": { near: "mcc" },
    "до м. Охотный Ряд": { commute_to: okhotny.id },
    "до м. Охотный Ряд ≤ 45 мин": { commute_to: okhotny.id, commute_max: 45 },
    "до м. Охотный Ряд ≤ 90 мин, 2-комн.": { commute_to: okhotny.id, commute_max: 90, rooms: [2] },
    // Construction (issue 31): the kept bits on the sort indexes.
    "без переносов срока": { no_moves: true },
    "риск переноса низкий, 2-комн.": { low_risk: true, rooms: [2] },
  };
}

/** Statements per timed batch: D1 reports whole milliseconds, and one call's round trip is mostly Miniflare's loopback. */
const BATCH = 20;
/** The column of each query's SQL time over the same query's at the first scale measured. */
const RATIO = `× scale ${SCALES[0]}`;

/**
 * p50 of the listing and count queries for a few filters. «SQL p50 ms»: the statement run BATCH times in one
 * `db.batch` call, that call's time divided by BATCH (the round trip from Node to Miniflare, 3–7 ms, shared by the
 * batch; what is left is the statement's own time to a few hundredths of a millisecond, the one-call overhead
 * included). «round trip p50 ms»: one call alone. Each query runs D1_RUNS times or for D1_BUDGET_MS, whichever
 * ends first; one slower than a fifth of that budget at a smaller scale is not run at a larger one (it would only
 * be slower), so the bench stays bounded.
 */
async function timeQueries(db, scale, sql, filters, tooSlow, first) {
  const rows = [];
  for (const [name, filter] of Object.entries(filters)) {
    const queries = {
      list: sql.listComplexesSql({ filter, page: 1, perPage: 25, sort: "price desc" }),
      count: sql.countComplexesSql(filter),
    };
    // With a destination, the list in the commute's order too (issue 32): its first page and a far one.
    if (filter.commute_to) {
      for (const page of [1, 40])
        queries[`list by commute, p. ${page}`] = sql.listComplexesSql({
          filter,
          page,
          perPage: 25,
          sort: "commute asc",
        });
    }
    for (const [kind, q] of Object.entries(queries)) {
      const row = { scale, filter: name, query: kind };
      const key = `${name} ${kind}`;
      if (tooSlow.has(key)) {
        rows.push({
          ...row,
          runs: 0,
          "SQL p50 ms": "—",
          [RATIO]: "—",
          "round trip p50 ms": "не запускали: медленно уже на меньшем масштабе",
        });
        continue;
      }
      const stmt = db.prepare(q.sql).bind(...q.params);
      const batch = Array(BATCH).fill(stmt);
      const inside = [];
      const around = [];
      for (
        const start = performance.now();
        inside.length < D1_RUNS && performance.now() - start < D1_BUDGET_MS;
      ) {
        let t = performance.now();
        await stmt.all();
        around.push(performance.now() - t);
        t = performance.now();
        await db.batch(batch);
        inside.push((performance.now() - t) / BATCH);
      }
      if (median(around) > D1_BUDGET_MS / 5) tooSlow.add(key);
      const p50 = median(inside);
      if (!first.has(key)) first.set(key, p50);
      rows.push({
        ...row,
        runs: inside.length,
        "SQL p50 ms": p50.toFixed(2),
        [RATIO]: (p50 / first.get(key)).toFixed(1),
        "round trip p50 ms": median(around).toFixed(2),
      });
    }
  }
  return rows;
}

/** Each count shape's SQL and its plan on this database. */
async function printPlans(db, scale, sql, filters) {
  console.log(`\nSQL подсчёта и его план (EXPLAIN QUERY PLAN), масштаб ${scale}`);
  for (const [name, filter] of Object.entries(filters)) {
    const q = sql.countComplexesSql(filter);
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.params)
      .all();
    const inline = q.sql.replace(/\?(\d+)/g, (_, n) => JSON.stringify(q.params[n - 1])).replace(/\s+/g, " ");
    console.log(`\n● ${name}\n  ${inline}\n${results.map((r) => `  ${r.detail}`).join("\n")}`);
  }
}

/**
 * The count of every filter above and of BENCH_RANDOM_FILTERS (100) random ones of the filter model against the
 * plain SQL count of the same filter: they must be equal (the process ends with code 1 otherwise).
 */
async function checkCounts(db, scale, sql, filters) {
  const random = new sql.Random(scale * 1000);
  const all = [
    ...Object.values(filters),
    ...Array.from({ length: Number(process.env.BENCH_RANDOM_FILTERS ?? 100) }, () =>
      sql.randomFilter(() => random.next()),
    ),
  ];
  const total = async (q) =>
    (
      await db
        .prepare(q.sql)
        .bind(...q.params)
        .first()
    ).total;
  let equal = 0;
  for (const filter of all) {
    const [ours, direct] = [
      await total(sql.countComplexesSql(filter)),
      await total(sql.directCountSql(filter)),
    ];
    if (ours === direct) equal++;
    else console.log(`  ✘ масштаб ${scale}: ${JSON.stringify(filter)}: ${ours} ≠ ${direct}`);
  }
  console.log(`  ${scale}× подсчёт равен прямому SQL: ${equal} из ${all.length} фильтров`);
  if (equal !== all.length) process.exitCode = 1;
}

/** The D1 part at one scale: timings, the plans (at the largest scale) and the equivalence check. */
async function benchD1(persistTo, scale, sql, tooSlow, first) {
  const { db, dispose } = await openLocalD1(persistTo);
  try {
    const only = process.env.BENCH_FILTERS;
    const filters = Object.fromEntries(
      Object.entries(await benchFilters(db)).filter(([name]) => !only || name.includes(only)),
    );
    const rows = await timeQueries(db, scale, sql, filters, tooSlow, first);
    if (scale === Math.max(...SCALES)) await printPlans(db, scale, sql, filters);
    await checkCounts(db, scale, sql, filters);
    return rows;
  } finally {
    await dispose();
  }
}

function cannon(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

/** The URLs to measure, some read from the running site. */
async function targets(origin, manifest) {
  const grid = await (await fetch(`${origin}/api/v1/residential-complexes/grid`)).json();
  const metro = await (await fetch(`${origin}/api/v1/locations/subways/grid?kind=metro`)).json();
  const station = [...metro.data].sort((a, b) => b.rc_count - a.rc_count)[0];
  const okhotny = metro.data.find((s) => s.name === "Охотный Ряд");
  const pages = {
    "/": "/",
    listing: "/novostroyki/",
    "location type": "/po-metro/",
    location: `/po-metro/${station.slug}/`,
    complex: grid.data[0].url,
    sitemap: "/sitemap.xml",
    "sitemap of complexes": "/sitemaps/complexes-1.xml",
  };
  return [
    ...Object.entries(pages).map(([name, path]) => ({ name, path, page: true })),
    { name: "count call", path: "/api/v1/residential-complexes/grid?per_page=1&search[rooms]=2" },
    // The listing in the commute's order to the issue's station (issue 32).
    { name: "commute listing", path: `/novostroyki/?commute_to=${okhotny.id}&sort=commute+asc`, page: true },
    { name: "static asset", path: manifest.entry },
  ];
}

/** Requests one after another, for the latency of one request without queueing: the closest to server time. */
const ALONE = 50;

/**
 * One autocannon run under load and one of ALONE requests on a single connection; `render` asks past the edge
 * cache (Cache-Control: no-cache), so every request renders. `cpu`: the CPU time every thread of workerd (the
 * worker, and Miniflare's D1, KV and cache beside it, and the response's gzip: the requests accept it as a browser's
 * do) spent during the run under load, a request.
 */
async function measure(server, url, render) {
  const headers = render ? { ...BROWSER, "cache-control": "no-cache" } : BROWSER;
  const before = server.cpuMs();
  const r = await cannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = (server.cpuMs() - before) / Math.max(1, r.requests.total);
  const alone = await cannon({ url, connections: 1, amount: ALONE, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    alone: alone.latency.p50,
    cpu,
    bad: r.non2xx + r.errors + r.timeouts + alone.non2xx + alone.errors + alone.timeouts,
  };
}

async function benchHttp(scale, persistTo, manifest) {
  const server = await startServer({ persistTo, log: `bench-results/wrangler-${scale}.log` });
  try {
    // BENCH_TARGETS="count call" measures those targets alone (and the static asset, the rps reference).
    const only = process.env.BENCH_TARGETS?.split(",");
    const list = (await targets(server.origin, manifest)).filter(
      (t) => !only || only.includes(t.name) || t.name === "static asset",
    );
    const runs = list.flatMap((t) =>
      t.page
        ? [
            { ...t, variant: "edge cache" },
            { ...t, variant: "rendered", render: true },
          ]
        : [{ ...t, variant: "" }],
    );
    for (const t of list) {
      await cannon({ url: `${server.origin}${t.path}`, connections: 5, amount: 200, headers: BROWSER });
    }
    const results = [];
    for (const run of runs) {
      const url = `${server.origin}${run.path}`;
      const probe = await fetch(url, {
        headers: run.render ? { ...BROWSER, "cache-control": "no-cache" } : BROWSER,
      });
      await probe.arrayBuffer();
      const m = await measure(server, url, run.render);
      results.push({ ...run, ...m, cache: probe.headers.get("X-Cache") ?? "—" });
      console.log(`  ${scale}× ${run.name} ${run.variant}: ${m.rps.toFixed(0)} rps`);
    }
    const staticRps = results.find((r) => r.name === "static asset").rps;
    return results.map((r) => ({
      scale,
      target: r.name,
      variant: r.variant,
      path: r.path.length > 48 ? `${r.path.slice(0, 45)}…` : r.path,
      "X-Cache": r.cache,
      rps: r.rps.toFixed(0),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "alone p50 ms": r.alone,
      "CPU ms": r.cpu.toFixed(2),
      "rps ÷ static": (r.rps / staticRps).toFixed(2),
      "non-2xx/err": r.bad,
    }));
  } finally {
    await server.stop();
  }
}

const { manifest } = await buildClient({ quiet: true });
const sql = await listingSql();
const http = [];
const d1 = [];
const tooSlow = new Set();
const first = new Map();
for (const scale of SCALES) {
  console.log(`▶ Масштаб ${scale}: база, запросы D1, нагрузка по HTTP`);
  const persistTo = await prepareScale(scale);
  d1.push(...(await benchD1(persistTo, scale, sql, tooSlow, first)));
  http.push(...(await benchHttp(scale, persistTo, manifest)));
}
const bundle = firstLoad(manifest);

console.log(
  `\nHTTP: ${CONNECTIONS} соединений, ${SECONDS} с на строку, «alone» — ${ALONE} запросов по одному; «rendered» — с Cache-Control: no-cache, мимо кэша; «CPU ms» — время процессора всех потоков workerd (воркер, D1, KV и кэш Miniflare, и gzip ответа: запросы с Accept-Encoding браузера) за прогон под нагрузкой, на запрос; без gzip и по частям — node scripts/profile-ssr.mjs`,
);
table(http);
console.log(
  `\nD1 (Miniflare): медиана из ${D1_RUNS} запусков или из тех, что уложились в ${D1_BUDGET_MS / 1000} с; «SQL» — время вызова из ${BATCH} одинаковых запросов (db.batch), делённое на ${BATCH}; «round trip» — один вызов`,
);
table(d1);
console.log("\nПервая загрузка: JS (entry + статические импорты + чанк страницы) и CSS, gzip -9");
table(bundle);
const file = `bench-results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, `${JSON.stringify({ http, d1, bundle }, null, 2)}\n`);
console.log(`\nРезультаты: ${file}`);

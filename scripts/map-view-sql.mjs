// node scripts/map-view-sql.mjs [scale]: the D1 statements of the map's first view (GET
// /residential-complexes/map-view?zoom=3) timed on the seeded database of a scale (.wrangler/bench-<scale>, 10 by
// default, built by scripts/local-server.mjs's prepareScale as `npm run bench` builds it): each statement 20 times
// in one db.batch, the median of 9 batches, per statement. MAP_QUERY names the filter as JSON, by default the
// issue's destination alone: MAP_QUERY='{"commute_to":10}'. The cells of a filter with a destination alone are the
// whole catalogue's, which KV keeps (worker/loaders/map-view.ts): «cells» is then the statement on a KV miss.
import { importTypeScript, openLocalD1 } from "./db.mjs";
import { prepareScale } from "./local-server.mjs";

const scale = Number(process.argv[2] ?? 10);
const filter = JSON.parse(process.env.MAP_QUERY ?? '{"commute_to":10}');
const { FIRST_LEVEL } = await importTypeScript("shared/map/projection.ts");
const queries = await importTypeScript("worker/db/queries/map-view.ts");

const statements = { cells: queries.listMapCellsSql(filter, FIRST_LEVEL, null) };
if (queries.listCellCommutesSql && typeof filter.commute_to === "number")
  statements.commutes = queries.listCellCommutesSql(filter, filter.commute_to, FIRST_LEVEL, null);

const RUNS = 20;
const BATCHES = 9;
const { db, dispose } = await openLocalD1(await prepareScale(scale));
try {
  const rows = [];
  for (const [name, q] of Object.entries(statements)) {
    const stmt = db.prepare(q.sql).bind(...q.params);
    const times = [];
    let answer = 0;
    for (let i = 0; i < BATCHES + 1; i++) {
      const t = performance.now();
      const results = await db.batch(Array.from({ length: RUNS }, () => stmt));
      // The first batch warms the cache.
      if (i) times.push((performance.now() - t) / RUNS);
      answer = results[0]?.results.length ?? 0;
    }
    times.sort((a, b) => a - b);
    rows.push({ statement: name, "p50 ms": times[Math.floor(times.length / 2)].toFixed(2), rows: answer });
  }
  console.log(`Масштаб ${scale}, фильтр ${JSON.stringify(filter)}`);
  console.table(rows);
} finally {
  await dispose();
}

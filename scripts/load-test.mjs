// npm run test:load: holds 50 concurrent requests on a mix of pages, API calls and a static asset for 60 s
// against a local production build at seed scale 0.1 (loopback only). Reports p50/p99 latency and errors;
// exits 1 on any connection error or timeout (10 s), or on any status other than 2xx, 3xx and 404. A request
// whose kept-alive connection was closed before any answer is sent again (scripts/http-client.mjs, docs/decisions/
// 0007-load-test-incident.md), counted apart. Not part of npm test.
import { buildClient } from "./build-client.mjs";
import { send } from "./http-client.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

const CONNECTIONS = 50;
const SECONDS = 60;
const TIMEOUT_MS = 10_000;

async function paths(origin, entry) {
  const grid = await (await fetch(`${origin}/api/v1/residential-complexes/grid?per_page=2`)).json();
  const metro = await (await fetch(`${origin}/api/v1/locations/subways/grid?kind=metro`)).json();
  const posts = await (await fetch(`${origin}/api/v1/media/posts/grid?per_page=1`)).json();
  const station = metro.data.find((s) => s.rc_count > 0);
  const post = posts.data[0];
  return [
    "/",
    "/novostroyki/",
    "/novostroyki/?rooms=2",
    "/po-metro/",
    `/po-metro/${station.slug}/`,
    grid.data[0].url,
    grid.data[1].url,
    "/journal/",
    `/journal/${post.category.slug}/${post.slug}/`,
    "/companies/developers/",
    "/special/?utm_source=load&fp=1",
    "/mortgage/",
    "/api/v1/residential-complexes/grid?per_page=1&search[rooms]=2",
    "/api/v1/residential-complexes/grid?search[price][max]=14100000",
    "/api/v1/locations/subways/grid?kind=metro",
    "/sitemap.xml",
    entry,
    "/no-such-page/",
    "/novostroyki",
  ];
}

const { manifest } = await buildClient({ quiet: true });
const server = await startServer({
  persistTo: await prepareScale(0.1),
  log: "bench-results/wrangler-load.log",
});
const latencies = [];
const statuses = new Map();
/** Connection errors and timeouts by their code (ECONNRESET, timeout, …). */
const errorKinds = new Map();
let resent = 0;
let elapsed;
try {
  const list = await paths(server.origin, manifest.entry);
  // Every tenth request asks past the edge cache, as a hard reload does, so pages are rendered under load too.
  const requests = list.flatMap((path, i) => [
    { path },
    ...(i % 10 === 0 ? [{ path, headers: { "cache-control": "no-cache" } }] : []),
  ]);
  console.log(
    `▶ ${CONNECTIONS} соединений, ${SECONDS} с, ${requests.length} адресов по кругу: ${server.origin}`,
  );
  const started = Date.now();
  const until = started + SECONDS * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const { path, headers } = requests[next++ % requests.length];
        const t = performance.now();
        try {
          const answer = await send(`${server.origin}${path}`, { headers, timeoutMs: TIMEOUT_MS });
          latencies.push(performance.now() - t);
          statuses.set(answer.res.status, (statuses.get(answer.res.status) ?? 0) + 1);
          resent += answer.resent;
        } catch (err) {
          const kind = `${err.code}${err.midAnswer ? " посреди ответа" : ""}`;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  elapsed = (Date.now() - started) / 1000;
} finally {
  await server.stop();
}

latencies.sort((a, b) => a - b);
const pct = (p) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0);
const errors = [...errorKinds.values()].reduce((a, b) => a + b, 0);
const bad = [...statuses.keys()].filter((code) => !((code >= 200 && code < 400) || code === 404));
console.table({
  запросов: latencies.length,
  "запросов в секунду": Math.round(latencies.length / elapsed),
  "p50, мс": pct(50),
  "p99, мс": pct(99),
  "макс., мс": Math.round(latencies.at(-1) ?? 0),
  "ошибки и таймауты": errors,
  "повторено после закрытого соединения": resent,
});
console.log(`Коды ответа: ${[...statuses].map(([code, n]) => `${code} × ${n}`).join(", ")}`);
if (errorKinds.size)
  console.log(`Ошибки соединения: ${[...errorKinds].map(([k, n]) => `${k} × ${n}`).join(", ")}`);
if (errors || bad.length) {
  console.error(`✖ Ошибки под нагрузкой: ${errors} ошибок и таймаутов, коды ${bad.join(", ") || "—"}`);
  process.exit(1);
}
console.log("✔ Под нагрузкой ни одной ошибки");

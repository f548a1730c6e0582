// npm run test:load: holds 50 concurrent connections on a mix of pages, API calls and a static asset for 60 s
// against a local production build at seed scale 0.1 (loopback only). Reports p99 latency and errors; exits 1
// on any connection error or timeout, or on any status other than 2xx, 3xx and 404. Not part of npm test.
import autocannon from "autocannon";
import { buildClient } from "./build-client.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

const CONNECTIONS = 50;
const SECONDS = 60;

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
let result;
/** Connection errors by their code (ECONNRESET, …). */
const errorKinds = new Map();
try {
  const list = await paths(server.origin, manifest.entry);
  // Every tenth request asks past the edge cache, as a hard reload does, so pages are rendered under load too.
  const requests = list.flatMap((path, i) => [
    { method: "GET", path },
    ...(i % 10 === 0 ? [{ method: "GET", path, headers: { "cache-control": "no-cache" } }] : []),
  ]);
  console.log(
    `▶ ${CONNECTIONS} соединений, ${SECONDS} с, ${requests.length} адресов по кругу: ${server.origin}`,
  );
  result = await new Promise((resolve, reject) => {
    const run = autocannon(
      { url: server.origin, connections: CONNECTIONS, duration: SECONDS, requests },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    run.on("reqError", (err) => {
      const kind = err.code ?? err.message;
      errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
    });
  });
} finally {
  await server.stop();
}

const statuses = Object.entries(result.statusCodeStats).map(([code, s]) => [Number(code), s.count]);
const bad = statuses.filter(([code]) => !((code >= 200 && code < 400) || code === 404));
console.table({
  запросов: result.requests.total,
  "запросов в секунду": Math.round(result.requests.average),
  "p50, мс": result.latency.p50,
  "p99, мс": result.latency.p99,
  "макс., мс": result.latency.max,
  ошибки: result.errors,
  таймауты: result.timeouts,
});
console.log(`Коды ответа: ${statuses.map(([code, n]) => `${code} × ${n}`).join(", ")}`);
if (errorKinds.size)
  console.log(`Ошибки соединения: ${[...errorKinds].map(([k, n]) => `${k} × ${n}`).join(", ")}`);
if (result.errors || result.timeouts || bad.length) {
  console.error(
    `✖ Ошибки под нагрузкой: ${result.errors} ошибок, ${result.timeouts} таймаутов, коды ${bad.map(([c]) => c).join(", ") || "—"}`,
  );
  process.exit(1);
}
console.log("✔ Под нагрузкой ни одной ошибки");

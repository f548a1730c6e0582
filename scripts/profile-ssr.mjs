// node scripts/profile-ssr.mjs [page …]: what the worker's CPU costs while it renders pages past the edge cache
// (Cache-Control: no-cache), at seed scale PROFILE_SCALE (1; 10 for the budget of ARCHITECTURE.md: ≤ 6 ms of
// workerd's CPU a rendered page). A page is a path or one of the names listing, location (the metro station
// with the most complexes), location-type, complex (the first of the grid), home, companies, sitemap, sitemaps
// (every child of the sitemap index); the default is listing, location and complex. The production build, not
// minified (the functions keep their names), on Miniflare with workerd's V8 inspector open.
// First, for every page, the CPU time the whole runtime (workerd, every thread: the worker, D1, KV, the cache,
// the assets; /proc) spends on one request, without the profiler (PROFILE_CPU_REQUESTS, 500, 10 connections),
// and the latency of one request alone (p50 of 50 one after another), beside a static asset's; then V8's sampling
// profiler on the first page while autocannon asks for it (PROFILE_SECONDS, 10 s, 10 connections; 0 leaves the
// profile out): the site worker's own CPU a request (what production bills a worker: not D1's, KV's and the
// cache's, which Miniflare runs in the same workerd), the top functions by self and by total time, the self time
// by module of the bundle, and the profile (bench-results/profile-<page>.cpuprofile, for DevTools' Performance panel). For people to read;
// nothing here passes or fails.
import { readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { buildClient } from "./build-client.mjs";
import { connect, siteWorker } from "./inspector.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

const SCALE = Number(process.env.PROFILE_SCALE ?? 1);
const PAGES = process.argv.length > 2 ? process.argv.slice(2) : ["listing", "location", "complex"];
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const INSPECTOR_PORT = Number(process.env.PROFILE_INSPECTOR_PORT ?? 9229);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "cache-control": "no-cache",
};

const CPU_REQUESTS = Number(process.env.PROFILE_CPU_REQUESTS ?? 500);
/** Requests one after another for the latency of one alone (scripts/bench.mjs's «alone p50»). */
const ALONE = 50;

/** The paths of the named pages (and of the sitemap's children), read from the running site. */
async function pathsOf(origin, pages) {
  const paths = [];
  for (const page of pages) {
    if (page.startsWith("/")) paths.push(page);
    else if (page === "listing") paths.push("/novostroyki/");
    else if (page === "home") paths.push("/");
    else if (page === "location-type") paths.push("/po-metro/");
    else if (page === "companies") paths.push("/companies/", "/companies/developers/");
    else if (page === "sitemap") paths.push("/sitemap.xml");
    else if (page === "complex") {
      const grid = await (await fetch(`${origin}/api/v1/residential-complexes/grid`)).json();
      paths.push(grid.data[0].url);
    } else if (page === "location") {
      const metro = await (await fetch(`${origin}/api/v1/locations/subways/grid?kind=metro`)).json();
      paths.push(`/po-metro/${[...metro.data].sort((a, b) => b.rc_count - a.rc_count)[0].slug}/`);
    } else if (page === "sitemaps") {
      const index = await (await fetch(`${origin}/sitemap.xml`)).text();
      for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc).pathname);
    } else throw new Error(`unknown page ${page}`);
  }
  return paths;
}

const cannon = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

/** A minimal CDP client: `send(method, params)` resolves with the result. */

/** The bundle's modules by line: esbuild's unminified output starts each with a `// path` comment (indented in a wrapper). */
function modulesByLine(file) {
  const starts = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      const m = /^\s*\/\/ ((?:node_modules|client|shared|worker)\/\S+)$/.exec(line);
      if (m) starts.push([i, m[1].replace(/^node_modules\/([^/]+(?:\/[^/]+)?)\/.*$/, "$1")]);
    });
  // Frames of workerd's own modules (D1's binding, timers) are named by their URL.
  return ({ url, lineNumber: line }) => {
    if (url !== "index.js") return url;
    let lo = 0;
    let hi = starts.length - 1;
    let found = "(bundle)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** The sampling interval, µs; a gap after a sample longer than GAP_US is time the isolate was not running. */
const INTERVAL_US = 100;
const GAP_US = 3 * INTERVAL_US;

/**
 * Self and total milliseconds by function, self by module; `(idle)` left out of the shares. A sample followed by
 * a gap (the isolate waited: for D1, KV or the cache, which run in workerd beside it, or for the next request) is
 * left out too: its time is not this isolate's (V8 gives the whole gap to the last sample before it, which made
 * an awaited KV read look like 7 % of a listing's time).
 */
function summarise(profile, moduleOf) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nameOf = (n) => {
    const f = n.callFrame;
    if (!f.url) return f.functionName || "(native)";
    return `${f.functionName || "(anonymous)"} ${moduleOf(f)}:${f.lineNumber + 1}`;
  };
  const self = new Map();
  const total = new Map();
  const modules = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const gap = profile.timeDeltas[i + 1] ?? 0;
    if (gap > GAP_US) return;
    const dt = gap / 1000;
    const leaf = byId.get(id);
    if (leaf.callFrame.functionName === "(idle)") return;
    busy += dt;
    const leafName = nameOf(leaf);
    self.set(leafName, (self.get(leafName) ?? 0) + dt);
    const mod = leaf.callFrame.url ? moduleOf(leaf.callFrame) : "(native)";
    modules.set(mod, (modules.get(mod) ?? 0) + dt);
    const seen = new Set();
    for (let n = leaf; n; n = byId.get(parent.get(n.id))) {
      const name = nameOf(n);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + dt);
    }
  });
  return { self, total, modules, busy };
}

function top(map, busy, label) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, ms]) => ({
      [label]: name.slice(0, 90),
      ms: Math.round(ms),
      "%": ((ms / busy) * 100).toFixed(1),
    }));
}

const { manifest } = await buildClient({ quiet: true });
const server = await startServer({
  persistTo: await prepareScale(SCALE),
  log: "bench-results/profile-ssr.log",
  inspectorPort: INSPECTOR_PORT,
  minify: false,
});
try {
  const paths = await pathsOf(server.origin, PAGES);
  // Before the profiler: what the runtime's CPU (every thread of workerd: the worker, D1, KV, the cache, the
  // assets) spends on a request of each page and of a static asset. Unlike a rate, it holds on a busy machine.
  const rows = [];
  for (const path of [...paths, manifest.entry]) {
    const url = `${server.origin}${path}`;
    const warm = await fetch(url, { headers: HEADERS });
    const bytes = (await warm.arrayBuffer()).byteLength;
    if (warm.status !== 200) throw new Error(`${path}: ${warm.status}`);
    await cannon({ url, connections: 10, amount: 100, headers: HEADERS });
    const before = server.cpuMs();
    const load = await cannon({ url, connections: 10, amount: CPU_REQUESTS, headers: HEADERS });
    const cpu = (server.cpuMs() - before) / CPU_REQUESTS;
    const alone = await cannon({ url, connections: 1, amount: ALONE, headers: HEADERS });
    rows.push({
      page: path === manifest.entry ? "static asset" : path.length > 60 ? `${path.slice(0, 57)}…` : path,
      "workerd CPU ms": cpu.toFixed(2),
      "alone p50 ms": alone.latency.p50,
      KB: Math.round(bytes / 1024),
      "non-2xx": load.non2xx + alone.non2xx,
    });
  }
  console.log(
    `Scale ${SCALE}: workerd's CPU a request (${CPU_REQUESTS} requests, 10 connections, no profiler) and one request alone (${ALONE} one after another)`,
  );
  console.table(rows);
  if (SECONDS > 0) await profile(paths[0]);
} finally {
  await server.stop();
}

/** V8's sampling profiler on the site worker while autocannon asks for `path`. */
async function profile(path) {
  const url = `${server.origin}${path}`;
  const target = await siteWorker(INSPECTOR_PORT);
  const cdp = await connect(target.webSocketDebuggerUrl);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: INTERVAL_US });
  await cdp.send("Profiler.start");
  const run = await cannon({ url, connections: 10, duration: SECONDS, headers: HEADERS });
  const { profile } = await cdp.send("Profiler.stop");
  cdp.close();
  const file = `bench-results/profile-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  const bundle = `.wrangler/serve-${process.pid}/worker/index.js`;
  const { self, total, modules, busy } = summarise(profile, modulesByLine(bundle));
  const requests = run.requests.total;
  console.log(
    `${path}: ${requests} requests in ${SECONDS} s (${run.requests.average} rps, ${run.non2xx} non-2xx), ` +
      `the site worker's own CPU (its isolate, from V8's samples, the profiler's cost included) ${Math.round(busy)} ms = ${(busy / requests).toFixed(2)} ms a request (target ${target.id})`,
  );
  console.table(top(self, busy, "self"));
  console.table(top(total, busy, "total"));
  console.table(top(modules, busy, "module (self)"));
  console.log(`Profile: ${file}`);
}

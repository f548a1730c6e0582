// node scripts/profile-ssr.mjs [path]: where the worker's CPU goes while it renders a page past the edge cache
// (Cache-Control: no-cache) at seed scale 1. The production build, not minified (the functions keep their
// names), on Miniflare with workerd's V8 inspector open; V8's sampling profiler runs while autocannon asks for
// the page (PROFILE_SECONDS, 10 s, 10 connections). Prints first the CPU time the whole runtime (workerd, every
// thread: the worker, D1, KV, the cache, the assets; /proc) spends on one request of the page and of a static
// asset, without the profiler (PROFILE_CPU_REQUESTS, 500, of each), then the top functions by self and by total
// time, the self time by module of the bundle, and writes the profile (bench-results/profile-<page>.cpuprofile,
// for DevTools' Performance panel). For people to read; nothing here passes or fails.
import { readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { buildClient } from "./build-client.mjs";
import { connect, siteWorker } from "./inspector.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

const PATH = process.argv[2] ?? "/novostroyki/";
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const INSPECTOR_PORT = Number(process.env.PROFILE_INSPECTOR_PORT ?? 9229);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "cache-control": "no-cache",
};

const CPU_REQUESTS = Number(process.env.PROFILE_CPU_REQUESTS ?? 500);

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

/** Self and total milliseconds by function, self by module; `(idle)` left out of the shares. */
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
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
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
  persistTo: await prepareScale(1),
  log: "bench-results/profile-ssr.log",
  inspectorPort: INSPECTOR_PORT,
  minify: false,
});
try {
  const url = `${server.origin}${PATH}`;
  const warm = await fetch(url, { headers: HEADERS });
  await warm.arrayBuffer();
  if (warm.status !== 200) throw new Error(`${PATH}: ${warm.status}`);
  // Before the profiler: what the runtime's CPU (every thread of workerd: the worker, D1, KV, the cache, the
  // assets) spends on a request of the page and of a static asset. Unlike a rate, it holds on a busy machine.
  const cpu = {};
  for (const [name, target] of [
    ["page", url],
    ["static asset", `${server.origin}${manifest.entry}`],
  ]) {
    await cannon({ url: target, connections: 10, amount: 100, headers: HEADERS });
    const before = server.cpuMs();
    await cannon({ url: target, connections: 10, amount: CPU_REQUESTS, headers: HEADERS });
    cpu[name] = (server.cpuMs() - before) / CPU_REQUESTS;
  }
  console.log(
    `workerd's CPU a request (${CPU_REQUESTS} requests, 10 connections, no profiler): ${PATH} ` +
      `${cpu.page.toFixed(2)} ms, a static asset ${cpu["static asset"].toFixed(2)} ms ` +
      `(static ÷ page ${(cpu["static asset"] / cpu.page).toFixed(2)})`,
  );
  const target = await siteWorker(INSPECTOR_PORT);
  const cdp = await connect(target.webSocketDebuggerUrl);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  const run = await cannon({ url, connections: 10, duration: SECONDS, headers: HEADERS });
  const { profile } = await cdp.send("Profiler.stop");
  cdp.close();
  const file = `bench-results/profile-${PATH.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  const bundle = `.wrangler/serve-${process.pid}/worker/index.js`;
  const { self, total, modules, busy } = summarise(profile, modulesByLine(bundle));
  const requests = run.requests.total;
  console.log(
    `${PATH}: ${requests} requests in ${SECONDS} s (${run.requests.average} rps, ${run.non2xx} non-2xx), ` +
      `worker CPU ${Math.round(busy)} ms = ${(busy / requests).toFixed(2)} ms a request (target ${target.id})`,
  );
  console.table(top(self, busy, "self"));
  console.table(top(total, busy, "total"));
  console.table(top(modules, busy, "module (self)"));
  console.log(`Profile: ${file}`);
} finally {
  await server.stop();
}

// The local site for the measuring scripts (bench, lighthouse, load, soak and fuzz tests) and the end-to-end
// suite: a seeded D1 of a given scale in its own persist dir (reused when it already holds that scale), and the
// production build of the worker served by Miniflare on a loopback port.
import {
  copyFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { dirname } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { migrate, openLocalD1, reseed } from "./db.mjs";
import { bin, ROOT, run } from "./lib.mjs";

/** Complexes of a seed scale (worker/db/seed/catalogue.ts: 2434 at scale 1, at least 12). */
const complexesAt = (scale) => Math.max(12, Math.round(2434 * scale));

/** `.wrangler/bench-<scale>`, migrated and seeded at that scale; reused when it already is. */
export async function prepareScale(scale) {
  const persistTo = `.wrangler/bench-${scale}`;
  if (existsSync(`${persistTo}/v3/d1`)) {
    migrate(persistTo);
    const { db, dispose } = await openLocalD1(persistTo);
    const row = await db.prepare("SELECT count(*) AS n FROM residential_complexes").first().finally(dispose);
    if (row?.n === complexesAt(scale)) return persistTo;
  }
  await reseed({ persistTo, scale });
  return persistTo;
}

/**
 * The worker as `wrangler deploy` bundles it (minified, NODE_ENV=production) and the client build, copied
 * into `dir` (wrangler.toml is read once, at the start): what the server runs no longer depends on the
 * checkout, so a rebuild there during a measurement changes nothing (under `wrangler dev`, whose watcher
 * reloads on it, it answered 500).
 */
function snapshot(dir, entry, minify) {
  rmSync(dir, { recursive: true, force: true });
  const args = [
    "deploy",
    entry,
    "--env=",
    "--dry-run",
    ...(minify ? ["--minify"] : []),
    "--outdir",
    `${dir}/worker`,
  ];
  run(bin("wrangler"), args, { stdio: ["ignore", "ignore", "inherit"] });
  cpSync(`${ROOT}dist/client`, `${dir}/client`, { recursive: true });
}

/** Snapshots of servers whose process is gone (killed with SIGKILL, which no handler sees). */
function removeOrphanSnapshots() {
  for (const name of readdirSync(`${ROOT}.wrangler`)) {
    const pid = Number(/^serve-(\d+)$/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if (err.code === "ESRCH") rmSync(`${ROOT}.wrangler/${name}`, { recursive: true, force: true });
    }
  }
}

/** The bundle's modules: the worker (named after its entry) first, then the CSS it imports as text. */
function modules(dir) {
  const files = readdirSync(dir);
  const as = (type, ext) => files.filter((f) => f.endsWith(ext)).map((f) => ({ type, path: `${dir}/${f}` }));
  return [...as("ESModule", ".js"), ...as("Text", ".css")];
}

/**
 * The measuring scripts' server: the snapshot of the built worker and client in workerd through Miniflare (the
 * engine of `wrangler dev`, without its file watcher, reloads and proxy), state in `persistTo` laid out as
 * `wrangler dev --persist-to` keeps it, on loopback `port` (a free one by default). Resolves once real requests are answered:
 * a page, an API call and a static asset, each up to `warmUp` times. `entry` is the worker's main module
 * (tests/faults/worker.ts wraps the real one with failing bindings); `bindings` are added to wrangler.toml's.
 * Returns the origin, the Miniflare instance (its D1, Durable Objects), `memory()` (the runtime's resident
 * and peak memory, MB), `cpuMs()` (the CPU time the runtime has used) and `stop()`; the runtime's output goes to `log`. `inspectorPort` opens workerd's V8
 * inspector there and `minify: false` keeps the worker's function names (scripts/profile-ssr.mjs).
 */
export async function startServer({
  persistTo,
  log,
  entry = "worker/index.ts",
  bindings = {},
  warmUp = 20,
  port = 0,
  inspectorPort,
  minify = true,
}) {
  mkdirSync(dirname(`${ROOT}${log}`), { recursive: true });
  // Local secrets (the chat's cookie key, the operator's token): wrangler's options read .dev.vars.
  if (!existsSync(`${ROOT}.dev.vars`)) copyFileSync(`${ROOT}.dev.vars.example`, `${ROOT}.dev.vars`);
  removeOrphanSnapshots();
  const dir = `${ROOT}.wrangler/serve-${process.pid}`;
  snapshot(dir, entry, minify);
  // The copy goes however this process ends: Miniflare ends it on SIGINT and SIGTERM (after stopping workerd).
  const removeSnapshot = () => rmSync(dir, { recursive: true, force: true });
  process.on("exit", removeSnapshot);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${ROOT}wrangler.toml`);
  const out = createWriteStream(`${ROOT}${log}`);
  const state = `${ROOT}${persistTo}/v3`;
  const mf = new Miniflare({
    ...workerOptions,
    modulesRoot: `${dir}/worker`,
    modules: modules(`${dir}/worker`),
    bindings: { ...workerOptions.bindings, ...bindings },
    cf: false,
    // workerd's own diagnostics in the log (SERVER_VERBOSE=1); no line per request, each of which would be
    // one more call from workerd back into this process.
    verbose: process.env.SERVER_VERBOSE === "1",
    logRequests: false,
    assets: { ...workerOptions.assets, directory: `${dir}/client` },
    host: "127.0.0.1",
    port,
    inspectorPort,
    d1Persist: `${state}/d1`,
    kvPersist: `${state}/kv`,
    cachePersist: `${state}/cache`,
    durableObjectsPersist: `${state}/do`,
    log: new FileLog(out),
    handleRuntimeStdio(stdout, stderr) {
      stdout.pipe(out, { end: false });
      stderr.pipe(out, { end: false });
    },
  });
  const stop = async () => {
    await mf.dispose();
    removeSnapshot();
    process.off("exit", removeSnapshot);
    out.end();
  };
  try {
    const origin = new URL(await mf.ready).origin;
    const runtime = runtimePids();
    for (const path of ["/", "/api/v1/locations/subways/grid?kind=metro", "/favicon.svg"]) {
      for (let i = 0; i < warmUp; i++) {
        const res = await fetch(`${origin}${path}`);
        await res.arrayBuffer();
        // A failure the faults worker injected (tests/faults/worker.ts) marks its answer; any other fails.
        if (!res.ok && !res.headers.has("X-Injected-Faults")) throw new Error(`${path}: ${res.status}`);
      }
    }
    return { origin, mf, stop, memory: () => memoryOf(runtime), cpuMs: () => cpuOf(runtime) };
  } catch (err) {
    await stop();
    throw new Error(`the local server did not start (see ${log}): ${err.message}`);
  }
}

/** Miniflare's messages, into the server's log file. */
class FileLog extends Log {
  constructor(out) {
    super(LogLevel.INFO);
    this.out = out;
  }
  log(message) {
    this.out.write(`${message}\n`);
  }
}

/** Miniflare's runtime: the workerd processes this process started. */
export function runtimePids() {
  return readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"
      const [, comm, ppid] = /^\d+ \((.*)\) \S+ (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8")) ?? [];
      return comm === "workerd" && Number(ppid) === process.pid;
    } catch {
      return false;
    }
  });
}

/** CPU time the given processes have used, user and system, all threads, in ms (/proc/<pid>/stat). */
export function cpuOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // After "(comm)": state ppid … utime is the 12th field and stime the 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  // Linux's USER_HZ is 100 on every architecture Node runs on.
  return ticks * 10;
}

/**
 * Resident and peak resident memory (VmRSS, VmHWM) of the given processes, in MB, and of the resident memory
 * the anonymous part (the heaps) and the file-backed part (mapped files: the databases' pages as read);
 * null where /proc has none.
 */
export function memoryOf(pids) {
  const kb = { VmRSS: 0, VmHWM: 0, RssAnon: 0, RssFile: 0 };
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      for (const name of Object.keys(kb))
        kb[name] += Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    } catch {}
  }
  const mb = (n) => Math.round(n / 1024);
  return pids.length
    ? { rssMb: mb(kb.VmRSS), peakMb: mb(kb.VmHWM), anonMb: mb(kb.RssAnon), fileMb: mb(kb.RssFile) }
    : null;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The local site for the measuring scripts (bench, lighthouse, load test): a seeded D1 of a given scale in its
// own persist dir (reused when it already holds that scale), and `wrangler dev` as a production build
// (`--minify`, NODE_ENV=production) on a free loopback port.
import { existsSync, mkdirSync, openSync } from "node:fs";
import { migrate, openLocalD1, reseed } from "./db.mjs";
import { freePort, wranglerDev } from "./lib.mjs";

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
 * Starts `wrangler dev` on 127.0.0.1 and resolves when it answers; its output goes to `log`.
 * Returns the origin and `stop()`, which ends the process group this started.
 */
export async function startServer({ persistTo, log }) {
  mkdirSync("bench-results", { recursive: true });
  const port = await freePort();
  const out = openSync(log, "w");
  const child = await wranglerDev({
    port,
    persistTo,
    production: true,
    detached: true,
    stdio: ["ignore", out, out],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null) return;
    process.kill(-child.pid, "SIGTERM");
    const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
    if (!killed) process.kill(-child.pid, "SIGKILL");
  };
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(500)) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${origin}/favicon.svg`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
  }
  await stop();
  throw new Error(`wrangler dev did not start; see ${log}`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

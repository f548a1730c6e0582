// Helpers for the project's own commands (npm start, npm test, npm run seed). Node built-ins only, so that
// they run before the dependencies are installed.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, statSync } from "node:fs";
import { createServer } from "node:net";

export const ROOT = new URL("..", import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: ROOT, ...opts });
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} завершилась с кодом ${r.status ?? r.signal}`);
    process.exit(r.status ?? 1);
  }
  return r;
}

export function bin(name) {
  return `${ROOT}node_modules/.bin/${name}`;
}

/** Installs the locked dependencies when node_modules is missing or older than the lockfile. */
export function ensureDeps() {
  const marker = `${ROOT}node_modules/.package-lock.json`;
  const lock = `${ROOT}package-lock.json`;
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install` honours the lockfile's versions; `npm ci` is stricter than npm 11 is consistent here
  // (it rejects lockfiles without other platforms' optional binaries).
  console.log("▶ Устанавливаю зависимости (npm install)…");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

/**
 * `wrangler dev` on 127.0.0.1:<port> over the local state in <persistTo>: the developer's site (npm start,
 * npm run dev), with its watcher. The end-to-end suite and the measuring scripts serve the production build on
 * Miniflare instead (scripts/local-server.mjs). Other options go to spawn (its output is this process's by
 * default).
 */
export async function wranglerDev({ port, persistTo, ...options }) {
  // Local secrets (the chat's cookie key and the operator's token).
  if (!existsSync(`${ROOT}.dev.vars`)) copyFileSync(`${ROOT}.dev.vars.example`, `${ROOT}.dev.vars`);
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistTo];
  // A free port for the devtools too: wrangler's default one is taken when another wrangler dev runs.
  args.push("--inspector-port", String(await freePort()));
  args.push("--show-interactive-dev-session=false");
  return spawn(bin("wrangler"), args, { stdio: "inherit", cwd: ROOT, ...options });
}

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Ties a child to this process: SIGINT/SIGTERM are passed on, and its exit ends this process. */
export function forward(child) {
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code) => process.exit(code ?? 0));
  return child;
}

// Helpers for the project's own commands (npm start, npm test, npm run seed). Node built-ins only, so that
// they run before the dependencies are installed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

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

export function spawnLive(cmd, args, opts = {}) {
  return spawn(cmd, args, { stdio: "inherit", cwd: ROOT, ...opts });
}

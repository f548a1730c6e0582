// npm test: the whole suite on a fresh machine — typecheck, lint, unit, workers integration, end-to-end. The
// short checks run side by side (a 2-core machine waits on each of them more than it computes), each one's
// output printed whole when it ends, in a fixed order; the tests then run one suite after the other.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { bin, ensureDeps, ROOT, run } from "./lib.mjs";

/** A failed check: its message is what the person running the suite reads. */
class CheckFailed extends Error {}

/** Runs a command with its output kept for later; rejects with that output when it fails. */
function capture(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve(output);
      else
        reject(
          new CheckFailed(
            `${output.trimEnd()}\n✖ ${cmd.replace(ROOT, "")} ${args.join(" ")} завершилась с кодом ${code ?? signal}`,
          ),
        );
    });
  });
}

/**
 * Runs the checks side by side. Each prints its title and output (or its failure) once it and the checks
 * listed before it are done, so the log reads in order; exits 1 after all of them if any failed.
 */
async function together(checks) {
  const results = checks.map(({ run: start }) =>
    start().then(
      (output) => ({ output: typeof output === "string" ? output : "" }),
      (error) => ({ error }),
    ),
  );
  let failed = false;
  for (const [i, { title }] of checks.entries()) {
    const { output, error } = await results[i];
    console.log(`▶ ${title}`);
    if (output?.trim()) console.log(output.trimEnd());
    if (error) {
      failed = true;
      console.error(error instanceof CheckFailed ? error.message : error);
    }
  }
  if (failed) process.exit(1);
}

/** Cloudflare's limit on a worker's size after compression (the Workers Free plan's; Paid allows 10 MB). */
const WORKER_GZIP_LIMIT = 3 * 1024 * 1024;
const DEPLOY_CHECK = ".wrangler/deploy-check";

/** Bundles the worker as `wrangler deploy` would, without deploying, and checks its compressed size. */
async function checkWorkerBundle() {
  rmSync(`${ROOT}${DEPLOY_CHECK}`, { recursive: true, force: true });
  // A real-looking SITE_ORIGIN for scripts/check-deploy.mjs, which refuses production's empty one (nothing deploys).
  const origin = "https://dry-run.novostroyki-moskvy.ru";
  await capture(
    bin("wrangler"),
    [
      "deploy",
      "--dry-run",
      "--env",
      "production",
      "--outdir",
      DEPLOY_CHECK,
      "--var",
      `SITE_ORIGIN:${origin}`,
    ],
    { SITE_ORIGIN: origin },
  );
  const files = readdirSync(`${ROOT}${DEPLOY_CHECK}`).filter((f) => !f.endsWith(".map") && f !== "README.md");
  const gzip = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(`${ROOT}${DEPLOY_CHECK}/${f}`)).length,
    0,
  );
  const mb = (n) => (n / 1024 / 1024).toFixed(2);
  if (gzip > WORKER_GZIP_LIMIT) {
    throw new CheckFailed(
      `✖ Воркер после gzip весит ${mb(gzip)} МБ — больше лимита Cloudflare в ${mb(WORKER_GZIP_LIMIT)} МБ, деплой не пройдёт.\n` +
        `  Посмотрите, что попало в сборку (${DEPLOY_CHECK}/index.js.map), и уберите лишнее из кода воркера.`,
    );
  }
  return `  воркер: ${mb(gzip)} МБ после gzip (лимит ${mb(WORKER_GZIP_LIMIT)} МБ)`;
}

const TYPES_FILE = "worker/worker-configuration.d.ts";
// Beside the file it checks (the types import the worker by relative paths); git and so biome, which runs
// meanwhile, ignore it, and tsc runs after it is gone.
const TYPES_CHECK = "worker/.types-check.d.ts";

/**
 * The Workers types and bindings of worker/worker-configuration.d.ts must be the ones wrangler.toml gives:
 * `npm run types`' command writes them afresh beside it and the two must agree (but for the header line, which
 * names the output file). Not `wrangler types --check`: wrangler 4.86's check ignores `--env-file` and hashes
 * whatever `.dev.vars` holds (none on a fresh clone), so it fails on a clean checkout whose types are right.
 */
async function checkTypes() {
  const [, ...args] = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")).scripts.types.split(" ");
  const body = (file) => readFileSync(`${ROOT}${file}`, "utf8").split("\n").slice(2).join("\n");
  await capture(bin("wrangler"), [...args.map((a) => (a === TYPES_FILE ? TYPES_CHECK : a))]);
  const same = body(TYPES_CHECK) === body(TYPES_FILE);
  rmSync(`${ROOT}${TYPES_CHECK}`, { force: true });
  if (!same) {
    throw new CheckFailed(
      `✖ ${TYPES_FILE} не совпадает с wrangler.toml: выполните npm run types и закоммитьте файл.`,
    );
  }
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("▶ Устанавливаю Chromium из пакетов Debian (apt-get install chromium)…");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return;
  }
  console.error(
    `✖ Для end-to-end тестов нужен Chromium из пакетов Debian (${CHROMIUM}). Установите его командой:\n` +
      "    sudo apt-get update && sudo apt-get install -y chromium\n" +
      "и запустите npm test ещё раз.",
  );
  process.exit(1);
}

ensureDeps();
const { buildClient } = await import("./build-client.mjs");
const { firstLoad, FIRST_LOAD_BUDGET } = await import("./first-load.mjs");

/**
 * Builds the client and checks every page's first load (gzip -9 bytes, the same on every machine) against
 * ARCHITECTURE.md's budget: a page that grows over it fails here, not months later in a Lighthouse run.
 */
async function buildWithinBudget() {
  const { manifest } = await buildClient({ quiet: true });
  const rows = firstLoad(manifest);
  const over = rows.filter((r) => r["JS budget"] !== "ok" || r["CSS budget"] !== "ok");
  if (over.length)
    throw new CheckFailed(
      `✖ Первая загрузка больше бюджета (JS ${FIRST_LOAD_BUDGET.js / 1024} КБ, CSS ${FIRST_LOAD_BUDGET.css / 1024} КБ gzip):\n` +
        over.map((r) => `  ${r.page}: JS ${r["JS KB gz"]} КБ, CSS ${r["CSS KB gz"]} КБ`).join("\n") +
        "\n  Что вошло в страницу: node scripts/first-load.mjs --parts",
    );
  const js = rows.map((r) => Number(r["JS KB gz"]));
  return `  JS первой загрузки: ${Math.min(...js)}–${Math.max(...js)} КБ gzip (бюджет ${FIRST_LOAD_BUDGET.js / 1024} КБ)`;
}
// The client's build writes the manifest the worker imports (worker/ssr/manifest.generated.json): the type
// check and the worker's bundle come after it; the lint and the bindings' types need nothing built.
await together([
  { title: "Сборка клиента и первая загрузка страниц", run: buildWithinBudget },
  { title: "Линтер и форматирование (biome)", run: () => capture(bin("biome"), ["check", "."]) },
  { title: "Типы воркера совпадают с wrangler.toml", run: checkTypes },
]);
await together([
  { title: "Проверка типов (tsc -b)", run: () => capture(bin("tsc"), ["-b"]) },
  { title: "Сборка воркера для Cloudflare (wrangler deploy --dry-run)", run: checkWorkerBundle },
]);
console.log("▶ Unit и интеграционные тесты (vitest, workers pool)");
run(bin("vitest"), ["run"]);
ensureChromium();
console.log("▶ End-to-end тесты (Playwright, Chromium)");
run(bin("playwright"), ["test"]);
console.log("✔ Все проверки пройдены");

// npm test: the whole suite on a fresh machine — typecheck, lint, unit, workers integration, end-to-end.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { bin, ensureDeps, ROOT, run } from "./lib.mjs";

/** Cloudflare's limit on a worker's size after compression (the Workers Free plan's; Paid allows 10 MB). */
const WORKER_GZIP_LIMIT = 3 * 1024 * 1024;
const DEPLOY_CHECK = ".wrangler/deploy-check";

/** Bundles the worker as `wrangler deploy` would, without deploying, and checks its compressed size. */
function checkWorkerBundle() {
  rmSync(`${ROOT}${DEPLOY_CHECK}`, { recursive: true, force: true });
  // A real-looking SITE_ORIGIN for scripts/check-deploy.mjs, which refuses production's empty one (nothing deploys).
  const origin = "https://dry-run.novostroyki-moskvy.ru";
  run(
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
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, SITE_ORIGIN: origin } },
  );
  const files = readdirSync(`${ROOT}${DEPLOY_CHECK}`).filter((f) => !f.endsWith(".map") && f !== "README.md");
  const gzip = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(`${ROOT}${DEPLOY_CHECK}/${f}`)).length,
    0,
  );
  const mb = (n) => (n / 1024 / 1024).toFixed(2);
  if (gzip > WORKER_GZIP_LIMIT) {
    console.error(
      `✖ Воркер после gzip весит ${mb(gzip)} МБ — больше лимита Cloudflare в ${mb(WORKER_GZIP_LIMIT)} МБ, деплой не пройдёт.\n` +
        `  Посмотрите, что попало в сборку (${DEPLOY_CHECK}/index.js.map), и уберите лишнее из кода воркера.`,
    );
    process.exit(1);
  }
  console.log(`  воркер: ${mb(gzip)} МБ после gzip (лимит ${mb(WORKER_GZIP_LIMIT)} МБ)`);
}

const TYPES_FILE = "worker/worker-configuration.d.ts";
const TYPES_CHECK = "worker/.types-check.d.ts";

/**
 * The Workers types and bindings of worker/worker-configuration.d.ts must be the ones wrangler.toml gives:
 * `npm run types`' command writes them afresh beside it and the two must agree (but for the header line, which
 * names the output file). Not `wrangler types --check`: wrangler 4.86's check ignores `--env-file` and hashes
 * whatever `.dev.vars` holds (none on a fresh clone), so it fails on a clean checkout whose types are right.
 */
function checkTypes() {
  const [, ...args] = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")).scripts.types.split(" ");
  const body = (file) => readFileSync(`${ROOT}${file}`, "utf8").split("\n").slice(2).join("\n");
  run(bin("wrangler"), [...args.map((a) => (a === TYPES_FILE ? TYPES_CHECK : a))], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const same = body(TYPES_CHECK) === body(TYPES_FILE);
  rmSync(`${ROOT}${TYPES_CHECK}`, { force: true });
  if (!same) {
    console.error(
      `✖ ${TYPES_FILE} не совпадает с wrangler.toml: выполните npm run types и закоммитьте файл.`,
    );
    process.exit(1);
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
console.log("▶ Сборка клиента");
await buildClient({ quiet: true });
console.log("▶ Сборка воркера для Cloudflare (wrangler deploy --dry-run)");
checkWorkerBundle();
console.log("▶ Проверка типов");
checkTypes();
run(bin("tsc"), ["-b"]);
console.log("▶ Линтер и форматирование");
run(bin("biome"), ["check", "."]);
console.log("▶ Unit и интеграционные тесты (vitest, workers pool)");
run(bin("vitest"), ["run"]);
ensureChromium();
console.log("▶ End-to-end тесты (Playwright, Chromium)");
run(bin("playwright"), ["test"]);
console.log("✔ Все проверки пройдены");

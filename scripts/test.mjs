// npm test: the whole suite on a fresh machine — typecheck, lint, unit, workers integration, end-to-end.
import { existsSync } from "node:fs";
import { bin, ensureDeps, run } from "./lib.mjs";

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
console.log("▶ Проверка типов");
run(bin("tsc"), ["-p", "."]);
run(bin("tsc"), ["-p", "tests/integration"]);
console.log("▶ Линтер и форматирование");
run(bin("biome"), ["check", "."]);
console.log("▶ Unit и интеграционные тесты (vitest, workers pool)");
run(bin("vitest"), ["run"]);
ensureChromium();
console.log("▶ End-to-end тесты (Playwright, Chromium)");
run(bin("playwright"), ["test"]);
console.log("✔ Все проверки пройдены");

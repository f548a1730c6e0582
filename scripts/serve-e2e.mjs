// The site for the end-to-end suite: its own local state (so a developer's database is untouched), the
// deterministic seed, wrangler dev on port 8788. Playwright starts and stops it.
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { prepareDatabase } from "./db.mjs";
import { bin, spawnLive } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "8788";
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
await prepareDatabase({ persistTo, scale: Number(process.env.E2E_SEED_SCALE ?? 0.1) });
const child = spawnLive(bin("wrangler"), [
  "dev",
  "--ip",
  "127.0.0.1",
  "--port",
  port,
  "--persist-to",
  persistTo,
  "--show-interactive-dev-session=false",
]);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));

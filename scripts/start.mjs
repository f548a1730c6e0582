// npm start: install what is missing, build the client, migrate and seed the local D1, serve the site.
import { copyFileSync, existsSync } from "node:fs";
import { bin, ensureDeps, spawnLive } from "./lib.mjs";

ensureDeps();
const { buildClient } = await import("./build-client.mjs");
const { prepareDatabase } = await import("./db.mjs");

await buildClient();
// Local secrets (the chat's cookie key and the operator's token) for wrangler dev.
if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
await prepareDatabase({ persistTo: ".wrangler/state", scale: Number(process.env.SEED_SCALE ?? 1) });

const port = process.env.PORT ?? "8787";
console.log(`▶ Сайт: http://127.0.0.1:${port}/`);
const child = spawnLive(bin("wrangler"), [
  "dev",
  "--ip",
  "127.0.0.1",
  "--port",
  port,
  "--persist-to",
  ".wrangler/state",
  "--show-interactive-dev-session=false",
]);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));

// The site for the end-to-end suite: what users get, the production build of the client and of the worker on
// Miniflare with wrangler.toml's bindings (scripts/local-server.mjs, as the measuring scripts serve it), over
// its own local state (a developer's database is untouched) with the deterministic seed, on port E2E_PORT
// (8788). Not `wrangler dev`: its proxy now and then drops a kept-alive connection (docs/decisions/
// 0006-e2e-server-on-miniflare.md). Playwright starts it and stops it (SIGTERM: Miniflare stops workerd, the copy of the build goes).
import { rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { buildClient } from "./build-client.mjs";
import { prepareDatabase } from "./db.mjs";
import { startServer } from "./local-server.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
await prepareDatabase({ persistTo, scale: Number(process.env.E2E_SEED_SCALE ?? 0.1) });
// The tree as it is now, never a dist/ an earlier build left.
await buildClient({ quiet: true });
const log = `.wrangler/e2e-${port}.log`;
const server = await startServer({ persistTo, port, log, warmUp: 3 });
console.log(`▶ ${server.origin}/ (журнал сервера: ${log})`);

// The cron for the specs (tests/e2e/alerts.spec.ts): GET <the URL in .wrangler/e2e-<port>.cron>?cron=… runs the
// worker's scheduled handler and answers its outcome. Not Miniflare's /cdn-cgi/handler/scheduled: with static
// assets it fails (DataCloneError on the ScheduledController, workers-sdk issue 9882, fixed after this version).
const cron = createServer(async (req, res) => {
  const expression = new URL(req.url ?? "/", "http://127.0.0.1").searchParams.get("cron") ?? "*/5 * * * *";
  const { outcome } = await (await server.mf.getWorker()).scheduled({ cron: expression });
  res.writeHead(outcome === "ok" ? 200 : 500).end(outcome);
});
cron.listen(0, "127.0.0.1", () => {
  writeFileSync(`.wrangler/e2e-${port}.cron`, `http://127.0.0.1:${cron.address().port}/`);
});
cron.unref();

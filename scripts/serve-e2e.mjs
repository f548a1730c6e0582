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

// The specs' side door, on a loopback port of its own (its URL in .wrangler/e2e-<port>.side):
// - GET ?cron=… runs the worker's scheduled handler and answers its outcome (tests/e2e/alerts.spec.ts). Not
//   Miniflare's /cdn-cgi/handler/scheduled: with static assets it fails (DataCloneError on the
//   ScheduledController, workers-sdk issue 9882, fixed after this version).
// - POST /d1 with a statement runs it on the server's own D1 and answers its rows (tests/e2e/helpers.ts,
//   localD1), in the server's own runtime. A second process on the same SQLite file (`wrangler d1 execute
//   --local`, as the specs did) held its lock while the site read, and the read failed with SQLITE_BUSY: a 500
//   in a clean-clone CI run.
//   Miniflare's D1 proxy makes a synchronous call that now and then loses its reply on a loaded machine
//   (scripts/db.mjs), so a failed try is made again, up to three: a statement given here must be idempotent.
const side = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  try {
    if (url.pathname === "/d1") {
      let sql = "";
      for await (const chunk of req) sql += chunk;
      const db = await server.mf.getD1Database("DB");
      for (let attempt = 1; ; attempt++) {
        try {
          const { results } = await db.prepare(sql).all();
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(results));
          return;
        } catch (err) {
          if (attempt === 3) throw err;
        }
      }
    }
    const expression = url.searchParams.get("cron") ?? "*/5 * * * *";
    const { outcome } = await (await server.mf.getWorker()).scheduled({ cron: expression });
    res.writeHead(outcome === "ok" ? 200 : 500).end(outcome);
  } catch (err) {
    res.writeHead(500).end(String(err?.message ?? err));
  }
});
side.listen(0, "127.0.0.1", () => {
  writeFileSync(`.wrangler/e2e-${port}.side`, `http://127.0.0.1:${side.address().port}/`);
});
side.unref();

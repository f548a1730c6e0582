// The site for the end-to-end suite: what users get, the production build of the client and of the worker on
// Miniflare with wrangler.toml's bindings (scripts/local-server.mjs, as the measuring scripts serve it), over
// its own local state (a developer's database is untouched) with the deterministic seed, on port E2E_PORT
// (8788). Not `wrangler dev`: its proxy now and then drops a kept-alive connection (docs/decisions/
// 0006-e2e-server-on-miniflare.md). Playwright starts it and stops it (SIGTERM: Miniflare stops workerd, the copy of the build goes).
import { rmSync } from "node:fs";
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

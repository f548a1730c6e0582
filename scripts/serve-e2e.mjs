// The site for the end-to-end suite: its own local state (so a developer's database is untouched), the
// deterministic seed, wrangler dev on port 8788. Playwright starts and stops it.
import { rmSync } from "node:fs";
import { prepareDatabase } from "./db.mjs";
import { forward, wranglerDev } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "8788";
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
await prepareDatabase({ persistTo, scale: Number(process.env.E2E_SEED_SCALE ?? 0.1) });
forward(await wranglerDev({ port, persistTo }));

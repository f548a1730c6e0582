// `node tests/setup/build-seed.mjs <scale>`: the D1 migrations and the seed of a scale in an in-memory D1
// (Miniflare, as the scripts open it), printed as the dump that rebuilds it (tests/setup/d1-dump.ts), JSON.
// tests/setup/seeded-d1.ts runs it in its own Node process: inside vitest the integration project's module
// runner would bundle Miniflare for the Workers runtime (the pool inlines every dependency).
import { fileURLToPath } from "node:url";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { importTypeScript, openLocalD1 } from "../../scripts/db.mjs";

const scale = Number(process.argv[2]);
const [{ applySeed }, { dumpDatabase }, migrations] = await Promise.all([
  importTypeScript("worker/db/seed/apply.ts"),
  importTypeScript("tests/setup/d1-dump.ts"),
  readD1Migrations(fileURLToPath(new URL("../../worker/db/migrations", import.meta.url))),
]);
const { db, dispose } = await openLocalD1();
try {
  for (const migration of migrations) await db.batch(migration.queries.map((q) => db.prepare(q)));
  await applySeed(db, scale);
  process.stdout.write(JSON.stringify(await dumpDatabase(db)));
} finally {
  await dispose();
}

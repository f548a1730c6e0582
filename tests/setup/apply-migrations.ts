import { applyD1Migrations, env } from "cloudflare:test";
import { applySeed } from "../../worker/db/seed/apply";

/** The small deterministic catalogue every integration test file starts with (about 50 complexes). */
export const TEST_SCALE = 0.02;

// Setup files run before each test file, outside per-test storage isolation.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT count(*) AS n FROM residential_complexes").first<{ n: number }>();
if (!seeded?.n) await applySeed(env.DB, TEST_SCALE);

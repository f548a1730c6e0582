import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run outside per-test storage isolation: apply the migrations once for each test file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

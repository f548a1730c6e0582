import { env } from "cloudflare:test";
import { inject } from "vitest";

// A setup file runs before each test file, in that file's own, fresh storage: the catalogue built once by
// tests/setup/seeded-d1.ts goes in with one batch (one transaction).
const loaded = await env.DB.prepare(
  "SELECT 1 FROM sqlite_master WHERE name = 'residential_complexes'",
).first();
if (!loaded) {
  const statements = inject("seedSql");
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/**
 * How many inputs each property of tests/integration/fuzz-*.test.ts tries (tests/setup/fuzz-runs.ts): a short
 * run by default (npm test), FUZZ_RUNS=300 in npm run test:fuzz (scripts/fuzz-test.mjs).
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);

export default defineConfig({
  test: {
    // Two files at a time (vitest's default on 2 cores is one): an integration file has its own workerd and
    // storage, and while one starts the other keeps the second core busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // A loaded 2-core machine makes the longer unit tests (a feed parsed in every cut of its stream) miss
          // vitest's 5 s default.
          testTimeout: 30_000,
          include: [
            "shared/**/*.test.ts",
            "worker/**/*.test.ts",
            "client/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                CHAT_SECRET: "test-chat-secret",
                OPERATOR_TOKEN: "test-operator-token",
                TEST_MIGRATIONS: await readD1Migrations(
                  fileURLToPath(new URL("./worker/db/migrations", import.meta.url)),
                ),
              },
            },
          })),
        ],
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Far above what a test takes alone: a loaded 2-core machine (CI, or one shared by several runs)
          // makes a page render many times slower, and a hung test still fails within a minute.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          provide: { fuzzRuns: FUZZ_RUNS },
          // The migrated, seeded catalogue is built once (seeded-d1.ts) and loaded into each file's own D1.
          setupFiles: ["./tests/setup/load-seed.ts"],
          globalSetup: [
            "./tests/setup/seeded-d1.ts",
            // The developers' webhook that the leads queue posts to (tests/integration/leads-delivery.test.ts).
            "./tests/setup/webhook-server.ts",
          ],
        },
      },
    ],
  },
});

import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
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
          setupFiles: ["./tests/setup/apply-migrations.ts"],
          // The developers' webhook that the leads queue posts to (tests/integration/leads-delivery.test.ts).
          globalSetup: ["./tests/setup/webhook-server.ts"],
        },
      },
    ],
  },
});

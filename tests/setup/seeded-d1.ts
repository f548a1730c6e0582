/**
 * Builds the catalogue every integration test file starts from once (vitest globalSetup): the D1 migrations
 * and the seed at TEST_SCALE go into an in-memory D1, and the result is handed to the files as a dump
 * (tests/setup/d1-dump.ts) that tests/setup/load-seed.ts loads into each file's own, empty D1 in one batch.
 * Each file still gets its own storage (the pool starts a fresh Miniflare per file), so files do not see each
 * other's writes; only the migrations and the seed's generator no longer run once per file.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { TEST_SCALE } from "./test-scale";

declare module "vitest" {
  export interface ProvidedContext {
    /** The statements that rebuild the migrated, seeded catalogue in an empty D1 (one batch). */
    seedSql: string[];
  }
}

export default async function setup(project: TestProject): Promise<void> {
  // In its own Node process: see build-seed.mjs.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [fileURLToPath(new URL("./build-seed.mjs", import.meta.url)), String(TEST_SCALE)],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)), maxBuffer: 64 * 1024 * 1024 },
  );
  project.provide("seedSql", JSON.parse(stdout) as string[]);
}

import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { applySeed } from "../../worker/db/seed/apply";
import { dumpDatabase } from "../setup/d1-dump";
import { TEST_SCALE } from "../setup/test-scale";

/**
 * Every file starts from a dump of the migrated, seeded catalogue built once in Node (tests/setup/seeded-d1.ts,
 * load-seed.ts). Here: the dump comes back exactly, and it is what the migrations and the seed build in the
 * worker itself, down to every schema object SQLite keeps (FTS5's shadow tables and the indexes of UNIQUE
 * constraints included).
 */

interface SchemaRow {
  type: string;
  name: string;
  sql: string | null;
}

/** Every object of the schema but D1's own and the migrations' bookkeeping. */
async function schema(): Promise<SchemaRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT type, name, sql FROM sqlite_master
      WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND tbl_name NOT IN ('d1_migrations', 'sqlite_sequence')
      ORDER BY type, name`,
  ).all<SchemaRow>();
  return results;
}

/** Drops every view and table (their indexes and triggers go with them): an empty database, as a file's. */
async function dropAll(): Promise<void> {
  const names = async (type: string, where = "1") =>
    (
      await env.DB.prepare(
        `SELECT name FROM sqlite_master WHERE type = ?1 AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
           AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND ${where} ORDER BY rowid DESC`,
      )
        .bind(type)
        .all<{ name: string }>()
    ).results.map((t) => t.name);
  const drop = async (type: string, list: string[]) =>
    env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...list.map((n) => env.DB.prepare(`DROP ${type.toUpperCase()} "${n}"`)),
    ]);
  await drop("view", await names("view"));
  // Virtual tables before the others: they drop their own shadow tables.
  await drop("table", await names("table", "sql LIKE 'CREATE VIRTUAL TABLE%'"));
  await drop("table", await names("table"));
}

describe("the catalogue every integration test file starts from", () => {
  it("is the dump built once, loaded back exactly, with a consistent full-text index", async () => {
    expect(await dumpDatabase(env.DB)).toEqual(inject("seedSql"));
    // FTS5 checks its index against its content and throws where they differ.
    await env.DB.prepare("INSERT INTO search_entities (search_entities) VALUES ('integrity-check')").run();
    const { results } = await env.DB.prepare(
      "SELECT kind FROM search_entities WHERE search_entities MATCH 'жк' LIMIT 1",
    ).all();
    expect(results).toEqual([{ kind: "complex" }]);
  });

  it("is what the migrations and the seed build in the worker", async () => {
    const loaded = await schema();
    await dropAll();
    expect(await schema()).toEqual([]);
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    await applySeed(env.DB, TEST_SCALE);
    expect(await schema()).toEqual(loaded);
    expect(await dumpDatabase(env.DB)).toEqual(inject("seedSql"));
  });
});

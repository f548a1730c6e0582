/**
 * A D1 database as the SQL that rebuilds it: its tables, their rows (rowids kept) as multi-row INSERTs under
 * D1's 100 KB statement limit, then its indexes, triggers and views, the way `sqlite3 .dump` orders them (rows
 * go in before the indexes and the triggers, so nothing fires and no index is updated row by row). The values
 * are SQLite's own literals (quote()), so text, integers and reals come back exactly. It reads through
 * `prepare().all()` alone, so it runs on the workers' D1 binding and on Miniflare's from Node alike.
 *
 * Left out: SQLite's and D1's own tables (sqlite_*, _cf_*), the migrations' bookkeeping (d1_migrations, which
 * no test reads) and the shadow tables of FTS5 tables (their content comes back through the FTS table itself).
 */

/** What the dump needs of a database: the workers' D1Database and Miniflare's proxy of it both have it. */
export interface ReadableD1 {
  prepare(sql: string): { all<T>(): Promise<{ results: T[] }> };
}

/** D1 refuses longer statements (SQLITE_TOOBIG above 100 000 bytes). */
const MAX_STATEMENT_BYTES = 90_000;
/**
 * Nor a VALUES list of thousands of short rows (SQLITE_NOMEM: 4 185 rows of station_trips in 90 KB), whatever
 * its bytes: the seed's own limit (worker/db/seed/sql.ts).
 */
const MAX_STATEMENT_ROWS = 400;

interface SchemaObject {
  type: "table" | "index" | "trigger" | "view";
  name: string;
  sql: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const encoder = new TextEncoder();

/** The schema objects a dump rebuilds, in creation order. */
async function schemaObjects(db: ReadableD1): Promise<SchemaObject[]> {
  const { results } = await db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
        WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
          AND name <> 'd1_migrations'
        ORDER BY rowid`,
    )
    .all<SchemaObject>();
  const virtual = results.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql));
  // FTS5 creates its shadow tables itself.
  const shadows = new Set(
    virtual.flatMap((v) => ["data", "idx", "content", "docsize", "config"].map((s) => `${v.name}_${s}`)),
  );
  return results.filter((o) => !(o.type === "table" && shadows.has(o.name)));
}

/** A table's rows as multi-row INSERTs, in rowid order (primary key order for WITHOUT ROWID tables). */
async function tableRows(db: ReadableD1, table: SchemaObject): Promise<string[]> {
  const { results: columns } = await db
    .prepare(`SELECT name FROM pragma_table_info('${table.name.replace(/'/g, "''")}')`)
    .all<{ name: string }>();
  const names = [
    ...(/WITHOUT\s+ROWID\s*;?\s*$/i.test(table.sql) ? [] : ["rowid"]),
    ...columns.map((c) => c.name),
  ];
  // Each value apart: one concatenated expression of many columns is deeper than SQLite allows.
  const { results } = await db
    .prepare(
      `SELECT ${names.map((n, i) => `quote(${n === "rowid" ? "rowid" : ident(n)}) AS c${i}`).join(", ")}
         FROM ${ident(table.name)}${names[0] === "rowid" ? " ORDER BY rowid" : ""}`,
    )
    .all<Record<string, string>>();
  const head = `INSERT INTO ${ident(table.name)} (${names.map(ident).join(", ")}) VALUES `;
  const statements: string[] = [];
  let tuples: string[] = [];
  let size = encoder.encode(head).length;
  for (const row of results) {
    const tuple = `(${names.map((_, i) => row[`c${i}`]).join(",")})`;
    const bytes = encoder.encode(tuple).length + 1;
    if (tuples.length && (size + bytes > MAX_STATEMENT_BYTES || tuples.length >= MAX_STATEMENT_ROWS)) {
      statements.push(head + tuples.join(","));
      tuples = [];
      size = encoder.encode(head).length;
    }
    tuples.push(tuple);
    size += bytes;
  }
  if (tuples.length) statements.push(head + tuples.join(","));
  return statements;
}

/** The statements that rebuild the database in an empty one, to be run as one batch (one transaction). */
export async function dumpDatabase(db: ReadableD1): Promise<string[]> {
  const objects = await schemaObjects(db);
  const tables = objects.filter((o) => o.type === "table");
  const rows: string[] = [];
  for (const table of tables) rows.push(...(await tableRows(db, table)));
  return [
    // Rows go in table by table; their foreign keys are checked when the batch commits.
    "PRAGMA defer_foreign_keys = on",
    ...tables.map((t) => t.sql),
    ...rows,
    ...objects.filter((o) => o.type !== "table").map((o) => o.sql),
  ];
}

/** Seed rows as SQL: multi-row INSERTs, each under D1's 100 KB statement limit, with literals escaped. */
import type { Cell, TableRows } from "./tables";

function literal(value: Cell): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (/[\n\r\0]/.test(value)) throw new Error("seed strings must be single-line");
  return `'${value.replace(/'/g, "''")}'`;
}

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;

/** SQLite in D1 refuses very long VALUES lists; 400 rows a statement stays well inside its limits. */
export function* insertStatements(tables: TableRows[], maxBytes = 90_000, maxRows = 400): Generator<string> {
  for (const { table, columns, rows } of tables) {
    const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
    let values: string[] = [];
    let size = bytes(head);
    for (const row of rows) {
      const tuple = `(${row.map(literal).join(", ")})`;
      const tupleBytes = bytes(tuple);
      if (values.length && (size + tupleBytes + 2 > maxBytes || values.length >= maxRows)) {
        yield `${head}${values.join(", ")};`;
        values = [];
        size = bytes(head);
      }
      values.push(tuple);
      size += tupleBytes + 2;
    }
    if (values.length) yield `${head}${values.join(", ")};`;
  }
}

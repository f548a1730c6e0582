/** Node entry (bundled by scripts/db.mjs): the seed of a scale as SQL statements, with row counts. */
import { generateSeed } from "./index";
import { insertStatements } from "./sql";

export function seedStatements(scale: number): { statements: string[]; counts: Record<string, number> } {
  const tables = generateSeed(scale);
  return {
    statements: [...insertStatements(tables)],
    counts: Object.fromEntries(tables.map((t) => [t.table, t.rows.length])),
  };
}

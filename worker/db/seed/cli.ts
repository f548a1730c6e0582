/** The seed of a scale as SQL statements, with row counts (Node bundles it through scripts/db.mjs). */
import { REFRESH_ALL_FACETS } from "../queries/aggregates";
import { generateSeed } from "./index";
import { insertStatements } from "./sql";

/** The rows, then the facet columns computed from them (the rows carry the other aggregates). */
export function seedStatements(scale: number): { statements: string[]; counts: Record<string, number> } {
  const tables = generateSeed(scale);
  return {
    statements: [...insertStatements(tables), REFRESH_ALL_FACETS],
    counts: Object.fromEntries(tables.map((t) => [t.table, t.rows.length])),
  };
}

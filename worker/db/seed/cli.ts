/** The seed of a scale as SQL statements, with row counts (Node bundles it through scripts/db.mjs). */
import { REFRESH_ALL_FACETS } from "../queries/aggregates";
import { PAUSE_CHANGE_EVENTS, RESUME_CHANGE_EVENTS } from "../queries/change-events";
import { REFRESH_COMMUTES } from "../queries/commute";
import { generateSeed } from "./index";
import { insertStatements } from "./sql";

/**
 * The rows, then the facet columns and each complex's commutes (migration 0028) computed from them (the rows
 * carry the other aggregates). The change events' triggers are paused meanwhile: the seed's catalogue is the state it starts from, its history its own rows.
 */
export function seedStatements(scale: number): { statements: string[]; counts: Record<string, number> } {
  const tables = generateSeed(scale);
  return {
    statements: [
      PAUSE_CHANGE_EVENTS,
      ...insertStatements(tables),
      REFRESH_ALL_FACETS,
      ...REFRESH_COMMUTES,
      RESUME_CHANGE_EVENTS,
    ],
    counts: Object.fromEntries(tables.map((t) => [t.table, t.rows.length])),
  };
}

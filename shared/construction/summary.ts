/**
 * The construction columns kept on a house's and a complex's rows (migration 0023), from the houses' risks:
 * what the catalogue filters and sorts by and the cards show. The seed and worker/db/queries/construction.ts
 * (refreshConstruction) both write them through here.
 */
import type { RiskBand } from "./risk";

/** delivery_risk's codes: 0 низкий, 1 средний, 2 высокий. */
export const RISK_CODES: Record<RiskBand, number> = { low: 0, medium: 1, high: 2 };
export const RISK_OF_CODE: readonly RiskBand[] = ["low", "medium", "high"];

/** construction_mask's bits: no house's deadline ever moved; every house being built has a low risk. */
export const NO_MOVES_BIT = 1;
export const LOW_RISK_BIT = 2;

export interface HouseSummary {
  finished: boolean;
  /** Latest readiness; null: not known. */
  readiness: number | null;
  moves: number;
  risk: RiskBand;
}

export function complexConstruction(houses: readonly HouseSummary[]): {
  readiness: number;
  delivery_risk: number | null;
  construction_mask: number;
} {
  const open = houses.filter((h) => !h.finished);
  const risk = open.length ? Math.max(...open.map((h) => RISK_CODES[h.risk])) : null;
  return {
    readiness: open.length ? Math.min(...open.map((h) => h.readiness ?? 0)) : 100,
    delivery_risk: risk,
    construction_mask:
      (houses.every((h) => h.moves === 0) ? NO_MOVES_BIT : 0) |
      (risk === null || risk === 0 ? LOW_RISK_BIT : 0),
  };
}

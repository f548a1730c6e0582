/**
 * The construction history of every house (issue 31), after the catalogue is written: monthly reports of the
 * houses being built (stage and readiness over up to two years, no photos: the page draws the stage and says it
 * is an illustration), the deadline moves of trust.ts read back as declared deadlines, and the kept columns of
 * migration 0023 from shared/construction (the risk as of the seed's «today», HISTORY_END). Plausible shapes:
 * most houses on their pace, some slower than it (a medium risk), a few frozen for months. Each house draws
 * from its own PRNG, so the rest of the catalogue is the same with or without it.
 */
import {
  deadlineMoves,
  declaredDeadlines,
  quarterEndMonth,
  stageOf,
} from "../../../shared/construction/history";
import { deliveryRisk, type RiskBand } from "../../../shared/construction/risk";
import { complexConstruction, type HouseSummary, RISK_CODES } from "../../../shared/construction/summary";
import { Random } from "./prng";
import type { Cell, Tables } from "./tables";
import { HISTORY_END } from "./trust";

/** The most months of reports a house has (the timeline's span). */
const REPORT_MONTHS = 24;

const monthName = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;

type Reports = { month: string; percent: number }[];

/** A house's monthly readiness up to `now` (a month index): from its start to its current deadline's end. */
function reports(id: number, deadlines: readonly number[], now: number): Reports {
  const rnd = new Random(id * 7_368_787 + 31);
  const first = quarterEndMonth(deadlines[0] ?? 0);
  const current = quarterEndMonth(deadlines.at(-1) ?? 0);
  let start = first - rnd.int(30, 40);
  if (start > now - 1) start = now - rnd.int(1, 3);
  // Most houses keep the pace that ends at their current deadline; some run slower; a few stop.
  const pace = rnd.chance(0.2) ? rnd.float(0.7, 0.9) : rnd.float(0.95, 1.08);
  const frozen = rnd.chance(0.07);
  const stoppedAt = frozen ? now - rnd.int(7, 14) : Number.POSITIVE_INFINITY;
  const readiness: Reports = [];
  let last = 0;
  for (let m = Math.max(start, now - REPORT_MONTHS + 1); m <= now; m++) {
    const t = Math.min(m, stoppedAt);
    const planned = (100 * (t - start)) / Math.max(1, current - start);
    const noisy = Math.round(Math.min(97, planned * pace + rnd.float(-1.5, 1.5)));
    last = Math.max(last, Math.max(0, noisy));
    readiness.push({ month: monthName(m), percent: last });
  }
  return readiness;
}

export function generateConstruction(t: Tables): void {
  const asOf = new Date(HISTORY_END);
  const now = asOf.getUTCFullYear() * 12 + asOf.getUTCMonth();
  const events = new Map<number, { kind: string; old_value: number | null; new_value: number | null }[]>();
  for (const e of t.records("change_events")) {
    if (e.kind !== "deadline" || typeof e.house_id !== "number") continue;
    const list = events.get(e.house_id) ?? [];
    list.push({ kind: "deadline", old_value: e.old_value as number, new_value: e.new_value as number });
    events.set(e.house_id, list);
  }
  // The developer's record as getDeveloperRecord counts it: finished houses, late by more than a quarter.
  const developerOf = new Map<Cell, Cell>();
  for (const c of t.records("residential_complexes")) developerOf.set(c.id ?? null, c.developer_id ?? null);
  const record = new Map<Cell, { delivered: number; late: number }>();
  const houses = t.records("houses");
  for (const h of houses) {
    if (h.is_finished !== 1) continue;
    const r = record.get(developerOf.get(h.complex_id ?? null) ?? null) ?? { delivered: 0, late: 0 };
    r.delivered++;
    const planned =
      h.planned_deadline_year === null
        ? null
        : Number(h.planned_deadline_year) * 4 + Number(h.planned_deadline_quarter);
    if (planned !== null && Number(h.deadline_year) * 4 + Number(h.deadline_quarter) - planned > 1) r.late++;
    record.set(developerOf.get(h.complex_id ?? null) ?? null, r);
  }

  const summaries = new Map<Cell, HouseSummary[]>();
  const columns = new Map<Cell, Record<string, Cell>>();
  for (const h of houses) {
    const id = h.id as number;
    const finished = h.is_finished === 1;
    const current = Number(h.deadline_year) * 4 + Number(h.deadline_quarter) - 1;
    const deadlines = declaredDeadlines(events.get(id) ?? [], current);
    const { moves } = deadlineMoves(deadlines);
    let readiness: number | null = 100;
    let risk: RiskBand = "low";
    if (!finished) {
      const built = reports(id, deadlines, now);
      for (const r of built)
        t.add("house_progress", {
          house_id: id,
          month: r.month,
          stage: stageOf(r.percent),
          readiness: r.percent,
          photo_url: null,
          photo_date: null,
        });
      readiness = built.at(-1)?.percent ?? null;
      const developer = record.get(developerOf.get(h.complex_id ?? null) ?? null) ?? {
        delivered: 0,
        late: 0,
      };
      risk = deliveryRisk({ finished, readiness: built, deadlines }, developer, asOf).band;
    }
    columns.set(id, { readiness, deadline_moves: moves, delivery_risk: finished ? null : RISK_CODES[risk] });
    const list = summaries.get(h.complex_id ?? null) ?? [];
    list.push({ finished, readiness, moves, risk });
    summaries.set(h.complex_id ?? null, list);
  }
  t.patchRows("houses", (h) => columns.get(h.id ?? null));
  t.patchRows("residential_complexes", (c) => {
    const s = complexConstruction(summaries.get(c.id ?? null) ?? []);
    return { readiness: s.readiness, delivery_risk: s.delivery_risk, construction_mask: s.construction_mask };
  });
}

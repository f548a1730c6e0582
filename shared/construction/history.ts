/**
 * A house's construction history (issue 31): its stages, the deadlines declared for it, the summary of their
 * moves («срок переносили 2 раза, всего на 3 квартала») and the timeline the complex page draws. Pure: the
 * seed, the loader, the feed's checks and the page read the same rules.
 */
import { countOf, formatDeadline, plural } from "../format";
import type { QuarterIndex } from "./risk";

/** The stage of the works a month's report names (the feed's <construction-stage>, house_progress.stage). */
export const CONSTRUCTION_STAGES = {
  1: "Котлован",
  2: "Каркас",
  3: "Фасад",
  4: "Благоустройство",
} as const;
export type ConstructionStage = keyof typeof CONSTRUCTION_STAGES;

/** The readiness (%) each stage spans: a stage outside its span contradicts the readiness reported with it. */
export const STAGE_SPANS: Record<ConstructionStage, readonly [number, number]> = {
  1: [0, 20],
  2: [10, 70],
  3: [50, 95],
  4: [80, 100],
};

/** The stage a readiness is usually at (the seed's and the illustration's when a report names none). */
export function stageOf(readiness: number): ConstructionStage {
  return readiness < 15 ? 1 : readiness < 60 ? 2 : readiness < 88 ? 3 : 4;
}

export function stageFits(stage: ConstructionStage, readiness: number): boolean {
  const [min, max] = STAGE_SPANS[stage];
  return readiness >= min && readiness <= max;
}

export const isStage = (n: number): n is ConstructionStage => n in CONSTRUCTION_STAGES;

/** A quarter index (year * 4 + quarter - 1) as the market writes it: «IV кв. 2026». */
export const quarterLabel = (q: QuarterIndex) => formatDeadline(Math.floor(q / 4), (q % 4) + 1);

/**
 * The deadlines declared for a house, first promise first, from its change events (kind `deadline`: old → new;
 * `sales_start`: the promise at the start of sales) and its current deadline. A house with no events has one
 * promise, the current one.
 */
export function declaredDeadlines(
  events: readonly { kind: string; old_value: number | null; new_value: number | null }[],
  current: QuarterIndex,
): QuarterIndex[] {
  const out: QuarterIndex[] = [];
  const push = (q: number | null) => {
    if (q !== null && out.at(-1) !== q) out.push(q);
  };
  for (const e of events) {
    if (e.kind === "sales_start") push(e.new_value);
    else if (e.kind === "deadline") {
      if (!out.length) push(e.old_value);
      push(e.new_value);
    }
  }
  push(current);
  return out;
}

const TIMES = ["раз", "раза", "раз"] as const;
const QUARTERS = ["квартал", "квартала", "кварталов"] as const;

/** How many times the deadline moved, and by how many quarters in all (later minus first promise). */
export function deadlineMoves(deadlines: readonly QuarterIndex[]): { moves: number; quarters: number } {
  const moves = deadlines.filter((q, i) => i > 0 && q !== deadlines[i - 1]).length;
  const first = deadlines[0];
  const last = deadlines.at(-1);
  return { moves, quarters: first === undefined || last === undefined ? 0 : last - first };
}

/** «срок не переносили», «срок переносили 2 раза, всего на 3 квартала». */
export function movesText(deadlines: readonly QuarterIndex[]): string {
  const { moves, quarters } = deadlineMoves(deadlines);
  if (!moves) return "срок не переносили";
  const by =
    quarters > 0 ? `, всего на ${countOf(quarters, QUARTERS)}` : quarters < 0 ? ", срок приблизили" : "";
  return `срок переносили ${moves} ${plural(moves, TIMES)}${by}`;
}

/** The month of a moment in Moscow, as reports name it: "2026-11". */
export function moscowMonth(now: Date): string {
  const d = new Date(now.getTime() + 3 * 3_600_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A month as "YYYY-MM" → months since year 0 (to place it on a timeline). */
export const monthIndex = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return (y ?? 0) * 12 + (m ?? 1) - 1;
};
/** The last month of a deadline's quarter, as a month index. */
export const quarterEndMonth = (q: QuarterIndex) => Math.floor(q / 4) * 12 + (q % 4) * 3 + 2;

export interface Timeline {
  /** The months the chart spans (month indexes): a month before the first report to the latest deadline or today. */
  from: number;
  to: number;
  /** Readiness by month: x in months from `from`, y in percent. */
  points: { x: number; y: number }[];
  /** Each declared deadline at the end of its quarter, the current one last. */
  deadlines: { x: number; label: string; current: boolean }[];
  /** Today, on the same axis (may lie past `to` when the deadline is past). */
  now: number;
}

/** The timeline's data: readiness by month against the time to the current deadline, each promise a mark. */
export function timelineOf(
  readiness: readonly { month: string; percent: number }[],
  deadlines: readonly QuarterIndex[],
  now: Date,
): Timeline {
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const months = readiness.map((r) => monthIndex(r.month));
  const ends = deadlines.map(quarterEndMonth);
  const start = Math.min(months.length ? Math.min(...months) : nowMonth, nowMonth) - 1;
  const to = Math.max(nowMonth, ...ends, start + 6);
  return {
    from: start,
    to,
    points: readiness.map((r, i) => ({ x: (months[i] ?? start) - start, y: r.percent })),
    deadlines: deadlines.map((q, i) => ({
      x: quarterEndMonth(q) - start,
      label: quarterLabel(q),
      current: i === deadlines.length - 1,
    })),
    now: nowMonth - start,
  };
}

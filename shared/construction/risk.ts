/**
 * «Риск переноса» (issue 31): how likely a house is to miss its current deadline, as a band with its reasons in
 * words. Every input is shown in a reason; the method page states the same rules:
 *
 * - The pace: the readiness still to build over the months left to the end of the deadline's quarter. Houses are
 *   built at about TYPICAL_PACE points a month and hardly ever faster than FAST_PACE: a need above FAST_PACE
 *   (or a deadline already past) is high, above TYPICAL_PACE medium.
 * - A standstill: readiness that grew less than STANDSTILL_POINTS over the last STANDSTILL_MONTHS is high.
 * - The deadline's history: moved twice or more is high, once medium.
 * - The developer's record: when at least half of three or more delivered houses were late, the band rises one
 *   step.
 * - Readiness not known: the band is at least medium (nothing shows the house is on time).
 * A finished house has no risk.
 */
import { countOf, plural } from "../format";
import { deadlineMoves, movesText, quarterLabel } from "./history";

export const TYPICAL_PACE = 3;
export const FAST_PACE = 5;
export const STANDSTILL_MONTHS = 6;
export const STANDSTILL_POINTS = 2;

/** A quarter as one number, as change events keep deadlines: year * 4 + quarter - 1. */
export type QuarterIndex = number;

export interface HouseProgress {
  finished: boolean;
  /** Readiness (0–100) by month, oldest first; empty when not known. */
  readiness: readonly { month: string; percent: number }[];
  /** Every declared deadline in the order declared: the first promise first, the current one last. */
  deadlines: readonly QuarterIndex[];
}

export interface DeveloperRecord {
  /** Houses delivered, and how many of them after their first promised deadline. */
  delivered: number;
  late: number;
}

export type RiskBand = "low" | "medium" | "high";

export interface DeliveryRisk {
  band: RiskBand;
  /** Each input in words, the weightiest first. */
  reasons: string[];
}

export const RISK_LABELS: Record<RiskBand, string> = {
  low: "низкий",
  medium: "средний",
  high: "высокий",
};

/** «из 6 домов», «из 21 дома»; and «все 3 дома», «все 5 домов». */
const OF_HOUSES = ["дома", "домов", "домов"] as const;
const HOUSES = ["дом", "дома", "домов"] as const;
const MONTHS = ["месяц", "месяца", "месяцев"] as const;
const ORDER: readonly RiskBand[] = ["low", "medium", "high"];
const higher = (a: RiskBand, b: RiskBand) => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);

const MONTH_MS = (365.25 / 12) * 86_400_000;

/** Months (fractional) from a moment to the end of a deadline's quarter in Moscow; negative once it is past. */
export function monthsLeft(deadline: QuarterIndex, now: Date): number {
  const end = Date.UTC(Math.floor(deadline / 4), (deadline % 4) * 3 + 3, 1) - 3 * 3_600_000;
  return (end - now.getTime()) / MONTH_MS;
}

export function deliveryRisk(house: HouseProgress, developer: DeveloperRecord, now: Date): DeliveryRisk {
  if (house.finished) return { band: "low", reasons: ["дом сдан"] };
  const found: { band: RiskBand; reason: string }[] = [];
  const current = house.deadlines.at(-1);
  const latest = house.readiness.at(-1);

  if (current !== undefined && latest) {
    const left = monthsLeft(current, now);
    const ready = `готовность ${latest.percent}\u00a0%`;
    if (left < 0) {
      const ago = Math.max(1, Math.round(-left));
      found.push({
        band: "high",
        reason: `срок (${quarterLabel(current)}) прошёл ${countOf(ago, MONTHS)} назад, а ${ready}`,
      });
    } else {
      const need = (100 - latest.percent) / Math.max(left, 0.5);
      const head = `${ready}, до срока ${left < 1 ? "меньше месяца" : countOf(Math.round(left), MONTHS)}`;
      if (need > FAST_PACE)
        found.push({
          band: "high",
          reason: `${head}: нужно строить по ${Math.ceil(need)}\u00a0% в месяц, а быстрее ${FAST_PACE}\u00a0% дома не строят`,
        });
      else if (need > TYPICAL_PACE)
        found.push({ band: "medium", reason: `${head}: успеть можно только быстрее обычного темпа` });
      else found.push({ band: "low", reason: `${head}: успевают при обычном темпе` });
    }
  } else {
    found.push({ band: "medium", reason: "готовность неизвестна: застройщик её не публикует" });
  }

  const before = house.readiness.at(-1 - STANDSTILL_MONTHS);
  if (latest && before && latest.percent < 100 && latest.percent - before.percent < STANDSTILL_POINTS) {
    found.push({
      band: "high",
      reason: `за ${countOf(STANDSTILL_MONTHS, MONTHS)} готовность выросла на ${latest.percent - before.percent}\u00a0%: стройка стоит`,
    });
  }

  if (house.deadlines.length) {
    const { moves } = deadlineMoves(house.deadlines);
    found.push({
      band: moves >= 2 ? "high" : moves === 1 ? "medium" : "low",
      reason: movesText(house.deadlines),
    });
  }

  let band = found.reduce<RiskBand>((b, f) => higher(b, f.band), "low");
  if (developer.delivered >= 3 && developer.late * 2 >= developer.delivered) {
    band = ORDER[Math.min(ORDER.length - 1, ORDER.indexOf(band) + 1)] as RiskBand;
    found.push({
      band,
      reason: `застройщик сдал ${developer.late} из ${developer.delivered} ${plural(developer.delivered, OF_HOUSES)} с опозданием`,
    });
  } else if (developer.delivered > 0) {
    found.push({
      band: "low",
      reason:
        developer.late === 0
          ? `застройщик сдал ${developer.delivered === 1 ? "свой единственный дом" : `все ${developer.delivered} ${plural(developer.delivered, HOUSES)}`} в срок`
          : `застройщик сдал ${developer.late} из ${developer.delivered} ${plural(developer.delivered, OF_HOUSES)} с опозданием`,
    });
  }
  const weight = (b: RiskBand) => -ORDER.indexOf(b);
  return { band, reasons: found.sort((a, b) => weight(a.band) - weight(b.band)).map((f) => f.reason) };
}

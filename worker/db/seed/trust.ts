/**
 * What lets a buyer trust a complex (issue 18), for the seed: the project declaration and building permit in
 * a recognisable but plainly fictional format (declaration numbers «77-9xxxxx» never issued), the escrow and
 * accredited banks, the first promised deadline of houses whose deadline moved, and a plausible price history
 * of some apartments. Each complex and apartment draws from its own PRNG, so the main catalogue stream (and
 * with it SPEC §2's numbers) is the same with or without these values.
 */
import { Random } from "./prng";
import type { Tables } from "./tables";

const BANKS = [
  "Сбербанк",
  "ВТБ",
  "Газпромбанк",
  "Банк ДОМ.РФ",
  "Альфа-Банк",
  "Промсвязьбанк",
  "Россельхозбанк",
  "Совкомбанк",
] as const;

/** The day the seed's histories end (the catalogue's «today»). */
export const HISTORY_END = Date.UTC(2026, 10, 1, 9);
const DAY_MS = 86_400_000;

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** The trust columns of a complex; `firstYear`: the earliest deadline of its houses. */
export function complexTrust(id: number, regionId: number, firstYear: number) {
  const rnd = new Random(id * 7919 + 101);
  const code = regionId === 3 ? 50 : 77;
  // Published two or three years before the first deadline, and never after the catalogue's «today».
  const declared = Math.min(firstYear - rnd.int(2, 3), 2025);
  const permitYear = declared - rnd.int(0, 1);
  const escrow = rnd.pick(BANKS);
  const others = BANKS.filter((b) => b !== escrow && rnd.chance(0.4));
  return {
    declaration_number: `${code}-9${pad(id % 100_000, 5)}`,
    declaration_date: `${declared}-${pad(rnd.int(1, 12), 2)}-${pad(rnd.int(1, 28), 2)}`,
    building_permit: `${code}-${code}-${pad(id % 1_000_000, 6)}-${permitYear}`,
    escrow_bank: escrow,
    mortgage_banks: JSON.stringify([escrow, ...others]),
  };
}

/**
 * The first promised deadline of a house, when it moved: a quarter of the finished houses were delivered one
 * to five quarters late, a fifth of those being built have been moved by one to three quarters. Each move is a
 * change event, recorded a season or so before the quarter it gave up ended; half of the houses moved by two
 * quarters or more were moved in two or three steps (late many times), drawn from a stream of their
 * own so that the first promise is the same either way.
 */
export function plannedDeadline(
  t: Tables,
  house: { id: number; complexId: number; year: number; quarter: number; finished: boolean },
) {
  const rnd = new Random(house.id * 104_729 + 7);
  const moved = rnd.chance(house.finished ? 0.25 : 0.2);
  if (!moved) return { planned_deadline_year: null, planned_deadline_quarter: null };
  const current = house.year * 4 + (house.quarter - 1);
  const planned = current - (house.finished ? rnd.int(1, 5) : rnd.int(1, 3));
  const steps = new Random(house.id * 15_485_863 + 11);
  const gap = current - planned;
  const count = gap >= 2 && steps.chance(0.5) ? Math.min(gap, steps.int(2, 3)) : 1;
  // The declared deadlines, first promise to current: `count` moves, each later than the one before.
  const chain = [planned];
  for (let i = 1; i < count; i++) chain.push(planned + Math.round((gap * i) / count));
  chain.push(current);
  let last = 0;
  for (let i = 1; i < chain.length; i++) {
    const old = chain[i - 1] as number;
    const oldEnd = Date.UTC(Math.floor(old / 4), (old % 4) * 3 + 3, 1);
    const draw = i === 1 ? rnd.int(20, 120) : steps.int(20, 120);
    const at = Math.max(last + DAY_MS, Math.min(HISTORY_END, oldEnd - draw * DAY_MS));
    last = at;
    t.add("change_events", {
      kind: "deadline",
      complex_id: house.complexId,
      house_id: house.id,
      living_object_id: null,
      old_value: old,
      new_value: chain[i] as number,
      at: new Date(at).toISOString(),
    });
  }
  return { planned_deadline_year: Math.floor(planned / 4), planned_deadline_quarter: (planned % 4) + 1 };
}

/**
 * The price history of every fifth apartment on sale, as change events: put on sale, then two to four price
 * changes a season apart, mostly rising by 1–5 % as the building grows, sometimes a discount; the last price is
 * the current one.
 */
export function addPriceHistory(
  t: Tables,
  apartment: { id: number; complexId: number; houseId: number; price: number; status: number },
): void {
  if (apartment.status !== 1 || apartment.id % 5 !== 0) return;
  const rnd = new Random(apartment.id * 31 + 3);
  const points = rnd.int(3, 5);
  const history: { price: number; at: number }[] = [
    { price: apartment.price, at: HISTORY_END - rnd.int(0, 20) * DAY_MS },
  ];
  for (let i = 1; i < points; i++) {
    const later = history[0] as { price: number; at: number };
    const change = rnd.chance(0.15) ? -rnd.float(0.02, 0.06) : rnd.float(0.01, 0.05);
    history.unshift({
      price: Math.round(later.price / (1 + change) / 1000) * 1000,
      at: later.at - rnd.int(60, 110) * DAY_MS,
    });
  }
  history.forEach((h, i) => {
    t.add("change_events", {
      kind: i === 0 ? "on_sale" : "price",
      complex_id: apartment.complexId,
      house_id: apartment.houseId,
      living_object_id: apartment.id,
      old_value: i === 0 ? null : (history[i - 1]?.price ?? null),
      new_value: h.price,
      at: new Date(h.at).toISOString(),
    });
  });
}

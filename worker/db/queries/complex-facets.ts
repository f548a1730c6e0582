/**
 * The catalogue filter's fast forms: its apartments' and stations' conditions read from a complex's kept columns
 * (migrations 0014, 0015: facet bits, station_rank) instead of its apartments and stations. They only accelerate:
 * each answers either a necessary condition (it rules out complexes that cannot match, whatever else the filter
 * sets) or, when the filter sets no field but those it knows (FACETED, RANKED), an exact one. The general test
 * (worker/db/queries/complex-filter.ts) is always right without them.
 */
import {
  type CatalogueField,
  type CatalogueFilter,
  DISTANCE_MINUTES,
} from "../../../shared/filters/catalogue";
import type { Range } from "../../../shared/filters/fields";
import { paymentPriceRange } from "../../../shared/mortgage-payment";
import { type Bind, bits } from "./bind";

/** The apartment fields the facet bits know: with any other set, their answer is only a necessary condition. */
export const FACETED: readonly CatalogueField[] = ["price", "payment", "area", "rooms", "otdelka"];
/** The station fields station_rank knows. */
export const RANKED: readonly CatalogueField[] = ["distance_type", "distance_time"];

/** Room types and finishings of the filter (all of either when it names none), as room_finish_mask's bits. */
function roomFinishBits(f: CatalogueFilter, bind: Bind): string {
  const finishing = bits(f.otdelka?.length ? f.otdelka : [0, 1, 2, 3, 4, 5, 6, 7]);
  const rooms = f.rooms?.length ? f.rooms : [-1, 0, 1, 2, 3, 4, 5];
  // One byte of finishings per room type; the whole mask passes 2^53, so SQLite shifts the bytes into place.
  const byte = bind(finishing);
  return `(${rooms.map((r) => `(${byte} << ${bind((r + 1) * 8)})`).join(" | ")})`;
}

type Facet = "price" | "area";

/** The bucket bits of a range (facet_buckets): those wholly inside it, and those it touches. */
function bucketBits(
  facet: Facet | `${Facet}_coarse`,
  r: Range,
  bind: Bind,
): { inside: string; touched: string } {
  const min = r.min !== undefined ? bind(r.min) : undefined;
  const max = r.max !== undefined ? bind(r.max) : undefined;
  const bits = (conditions: string[]) =>
    `(SELECT coalesce(sum(1 << bit), 0) FROM facet_buckets WHERE facet = '${facet}'${conditions.map((c) => ` AND ${c}`).join("")})`;
  return {
    inside: bits([...(min ? [`lo >= ${min}`] : []), ...(max ? [`hi <= ${max}`] : [])]),
    touched: bits([...(max ? [`lo < ${max}`] : []), ...(min ? [`hi >= ${min}`] : [])]),
  };
}

interface BitTest {
  column: string;
  inside: string;
  touched: string;
}

/**
 * A range's tests on a complex: with room types, the coarse buckets of those room types (room_price_mask,
 * room_area_mask: bit (rooms + 1) * 9 + bucket); with finishings, a price's coarse buckets of those finishings
 * (finish_price_mask: bit otdelka * 9 + bucket); otherwise the complex's own fine buckets.
 */
function rangeTests(facet: Facet, r: Range, f: CatalogueFilter, bind: Bind): BitTest[] {
  const pair = (column: string, shifts: number[]): BitTest => {
    const coarse = bucketBits(`${facet}_coarse`, r, bind);
    const at = shifts.map(bind);
    const shifted = (bits: string) => `(${at.map((shift) => `(${bits} << ${shift})`).join(" | ")})`;
    return { column, inside: shifted(coarse.inside), touched: shifted(coarse.touched) };
  };
  const tests = [
    ...(f.rooms?.length
      ? [
          pair(
            `rc.room_${facet}_mask`,
            f.rooms.map((room) => (room + 1) * 9),
          ),
        ]
      : []),
    ...(f.otdelka?.length && facet === "price"
      ? [
          pair(
            "rc.finish_price_mask",
            f.otdelka.map((o) => o * 9),
          ),
        ]
      : []),
  ];
  return tests.length ? tests : [{ column: `rc.${facet}_mask`, ...bucketBits(facet, r, bind) }];
}

/**
 * The apartments' facet tests of a complex (migration 0015). Room types and finishings: room_finish_mask. A
 * price (or payment) or area range: its buckets (with room types, the coarse buckets of those room types; a
 * price with finishings, of those finishings). `necessary`: conditions every matching complex meets. `exact`,
 * when the bits alone decide for the fields they know (room types and finishing alone; one range alone, with
 * room types, or a price with finishings): given the apartments' lookup, the test that equals it, where a
 * bucket wholly inside the range answers yes and only a complex whose buckets touch its edges is looked up.
 */
export function apartmentFacets(
  f: CatalogueFilter,
  bind: Bind,
): { necessary: string[]; exact: ((apartments: string) => string) | null } {
  const ranges: (readonly [Facet, Range])[] = [
    ...(f.price ? [["price", f.price] as const] : []),
    ...(f.payment ? [["price", paymentPriceRange(f.payment)] as const] : []),
    ...(f.area ? [["area", f.area] as const] : []),
  ];
  const pairs =
    f.rooms?.length || f.otdelka?.length ? [`(rc.room_finish_mask & ${roomFinishBits(f, bind)}) != 0`] : [];
  const tests = ranges.flatMap(([facet, r]) => rangeTests(facet, r, f, bind));
  const touched = tests.map((t) => `(${t.column} & ${t.touched}) != 0`);
  const necessary = [...pairs, ...touched];
  if (!tests.length) return { necessary, exact: () => pairs.join(" AND ") };
  const [one] = tests;
  const finishingLeftOut = !!f.otdelka?.length && (!!f.rooms?.length || !!f.area);
  if (one && ranges.length === 1 && tests.length === 1 && !finishingLeftOut)
    return {
      necessary,
      exact: (apartments) =>
        `((${one.column} & ${one.inside}) != 0 OR (${touched.join("")} AND ${apartments}))`,
    };
  return { necessary, exact: null };
}

/**
 * The stations' rank test of a complex: station_rank (migration 0014) is its nearest station's distance_type *
 * 1000 + minutes, and a walk is below every ride. A station of a way within m minutes needs rank <= way * 1000
 * + m (necessary); on foot, it is exactly that (a walking station within m minutes is the nearest or one as
 * near). Without a way there is no rank test.
 */
export function stationRank(f: CatalogueFilter, bind: Bind): { necessary: string[]; exact: string | null } {
  if (f.distance_type === undefined) return { necessary: [], exact: null };
  const minutes = f.distance_time !== undefined ? (DISTANCE_MINUTES[f.distance_time] ?? 0) : 999;
  const rank = `+rc.station_rank <= ${bind(f.distance_type * 1000 + minutes)}`;
  return { necessary: [rank], exact: f.distance_type === 1 ? rank : null };
}

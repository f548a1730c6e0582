/** The bucket bit of a price or an area (facet_buckets, migration 0015). */
const bucketOf = (facet: "price" | "area" | "price_coarse" | "area_coarse", value: string) =>
  `(SELECT b.bit FROM facet_buckets b WHERE b.facet = '${facet}' AND b.lo < ${value} ORDER BY b.lo DESC LIMIT 1)`;

/** The bits of an expression over a complex's apartments on sale. */
const maskOf = (bit: string, complexId: string) =>
  `(SELECT coalesce(sum(DISTINCT 1 << ${bit}), 0) FROM living_objects lo WHERE lo.complex_id = ${complexId} AND lo.status = 1)`;

/**
 * The facet columns of a complex (migration 0015; docs/decisions/0002-counts-at-scale.md), as the SET list of an UPDATE
 * of residential_complexes whose complex id is `complexId`: which room type and finishing go together, which
 * price and area buckets its apartments on sale fill, and which coarse ones each room type's (and each
 * finishing's prices) fill.
 */
export const facetColumnsSql = (complexId: string) =>
  [
    `room_finish_mask = ${maskOf("((lo.rooms + 1) * 8 + lo.otdelka)", complexId)}`,
    `price_mask = ${maskOf(bucketOf("price", "lo.price"), complexId)}`,
    `area_mask = ${maskOf(bucketOf("area", "lo.area_total"), complexId)}`,
    `room_price_mask = ${maskOf(`((lo.rooms + 1) * 9 + ${bucketOf("price_coarse", "lo.price")})`, complexId)}`,
    `room_area_mask = ${maskOf(`((lo.rooms + 1) * 9 + ${bucketOf("area_coarse", "lo.area_total")})`, complexId)}`,
    `finish_price_mask = ${maskOf(`(lo.otdelka * 9 + ${bucketOf("price_coarse", "lo.price")})`, complexId)}`,
  ].join(",\n           ");

/** Every complex's facet columns at once: the end of the seed, whose rows carry the other aggregates. */
export const REFRESH_ALL_FACETS = `UPDATE residential_complexes SET ${facetColumnsSql("residential_complexes.id")}`;

/**
 * Recomputes the listing aggregates of complexes from their apartments on sale: room_stats per room type and
 * the price, area, count and facet columns of residential_complexes. Every writer of living_objects calls it
 * for the complexes it touched, in the same batch as its writes where it can.
 */
export function refreshAggregatesStatements(db: D1Database, complexId: number) {
  return [
    db.prepare("DELETE FROM room_stats WHERE complex_id = ?1").bind(complexId),
    db
      .prepare(
        `INSERT INTO room_stats (complex_id, rooms, count, min_price, max_price, min_area, max_area, min_price_m2, max_price_m2, otdelka_mask)
         SELECT complex_id, rooms, count(*), min(price), max(price), min(area_total), max(area_total), min(price_m2),
                max(price_m2), sum(DISTINCT 1 << otdelka)
         FROM living_objects WHERE complex_id = ?1 AND status = 1 GROUP BY rooms`,
      )
      .bind(complexId),
    db
      .prepare(
        `UPDATE residential_complexes SET
           min_price = coalesce((SELECT min(min_price) FROM room_stats WHERE complex_id = ?1), min_price),
           max_price = coalesce((SELECT max(max_price) FROM room_stats WHERE complex_id = ?1), max_price),
           min_area = coalesce((SELECT min(min_area) FROM room_stats WHERE complex_id = ?1), min_area),
           max_area = coalesce((SELECT max(max_area) FROM room_stats WHERE complex_id = ?1), max_area),
           min_price_m2 = coalesce((SELECT min(min_price_m2) FROM room_stats WHERE complex_id = ?1), min_price_m2),
           max_price_m2 = coalesce((SELECT max(max_price_m2) FROM room_stats WHERE complex_id = ?1), max_price_m2),
           otdelka_mask = (SELECT coalesce(sum(DISTINCT 1 << otdelka), 0) FROM living_objects WHERE complex_id = ?1 AND status = 1),
           apartments_on_sale = (SELECT coalesce(sum(count), 0) FROM room_stats WHERE complex_id = ?1),
           ${facetColumnsSql("?1")}
         WHERE id = ?1`,
      )
      .bind(complexId),
  ];
}

export async function refreshAggregates(db: D1Database, complexIds: Iterable<number>): Promise<void> {
  const statements = [...new Set(complexIds)].flatMap((id) => refreshAggregatesStatements(db, id));
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
}

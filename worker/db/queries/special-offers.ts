export interface SpecialOfferRow {
  id: number;
  title: string;
  sub_title: string | null;
  text: string;
  color: string;
  valid_until: string;
  complex_id: number;
  complex_slug: string;
  complex_name: string;
  complex_address: string;
  complex_min_price: number;
}

/** The offers of published complexes, in their set order. */
export async function listSpecialOffers(db: D1Database): Promise<SpecialOfferRow[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.title, o.sub_title, o.text, o.color, o.valid_until, c.id AS complex_id,
         c.slug AS complex_slug, c.name AS complex_name, c.address AS complex_address,
         c.min_price AS complex_min_price
       FROM special_offers o JOIN residential_complexes c ON c.id = o.complex_id
       WHERE c.is_published = 1 ORDER BY o.sort, o.id`,
    )
    .all<SpecialOfferRow>();
  return results;
}

/**
 * Change events (migration 0018): one row per change of a fact a buyer can follow, written by triggers on the
 * catalogue's tables whoever makes the change. Histories read them here.
 */

/** The seed writes its catalogue with the triggers paused, and its history as rows of its own. */
export const PAUSE_CHANGE_EVENTS = "INSERT INTO change_capture (paused) VALUES (1)";
export const RESUME_CHANGE_EVENTS = "DELETE FROM change_capture";

export interface PriceRow {
  price: number;
  recorded_at: string;
}

/** The prices an apartment has had, oldest first: put on sale (again) and every price change. */
export async function listPriceHistory(db: D1Database, id: number): Promise<PriceRow[]> {
  const { results } = await db
    .prepare(
      `SELECT new_value AS price, at AS recorded_at FROM change_events
       WHERE living_object_id = ?1 AND kind IN ('on_sale', 'price') ORDER BY id`,
    )
    .bind(id)
    .all<PriceRow>();
  return results;
}

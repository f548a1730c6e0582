/** Counts one hit in the key's current window and returns the window's count. */
export async function hitRateLimit(db: D1Database, key: string, window: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window) DO UPDATE SET count = count + 1 RETURNING count`,
    )
    .bind(key, window)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

/** Deletes the rows of windows that started before `beforeWindow` (epoch seconds). */
export function deleteOldRateLimits(db: D1Database, beforeWindow: number) {
  return db.prepare("DELETE FROM rate_limits WHERE window < ?1").bind(beforeWindow).run();
}

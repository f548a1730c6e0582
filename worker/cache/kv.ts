/**
 * KV read-through cache with versioned keys and a TTL. A KV failure (read or write) falls back to the loader:
 * the cache can make a page faster, never make it fail. Bump CACHE_VERSION to invalidate every entry at once.
 */

export const CACHE_VERSION = "v1";

export function cacheKey(kind: string, key: string): string {
  return `${CACHE_VERSION}:${kind}:${key}`;
}

export async function readThrough<T>(
  kv: KVNamespace,
  kind: string,
  key: string,
  ttlSeconds: number,
  load: () => Promise<T>,
): Promise<T> {
  const full = cacheKey(kind, key);
  try {
    const hit = await kv.get<T>(full, "json");
    if (hit !== null) return hit;
  } catch (e) {
    console.warn(JSON.stringify({ level: "warn", message: "KV read failed", key: full, error: String(e) }));
  }
  const value = await load();
  if (value !== null && value !== undefined) {
    try {
      await kv.put(full, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds) });
    } catch (e) {
      console.warn(
        JSON.stringify({ level: "warn", message: "KV write failed", key: full, error: String(e) }),
      );
    }
  }
  return value;
}

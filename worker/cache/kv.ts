/**
 * KV read-through cache with versioned keys and a TTL. A KV failure (read or write) falls back to the loader:
 * the cache can make a page faster, never make it fail. Bump CACHE_VERSION to invalidate every entry at once.
 *
 * In front of KV, each isolate keeps its own copy of an answer for up to ISOLATE_TTL_S (never longer than the
 * entry's TTL): the menu's amounts, the filter's facts, the ads' inventory and a location's id are read by
 * nearly every page, and a KV read costs a round trip a page pays for each (about a millisecond of the local
 * runtime's CPU a listing, docs/decisions/0024-isolate-copies.md). An answer that must change at once
 * everywhere (the whole catalogue's map after a feed's pull) asks for no copy (`isolateSeconds` 0), and
 * `forget` drops an entry from KV and from this isolate's copies.
 */

export const CACHE_VERSION = "v1";
const ISOLATE_TTL_S = 30;
/** At most this many copies per isolate; the oldest goes first. */
const ISOLATE_ENTRIES = 64;

export function cacheKey(kind: string, key: string): string {
  return `${CACHE_VERSION}:${kind}:${key}`;
}

const copies = new Map<string, { value: unknown; until: number }>();

function keepCopy(full: string, value: unknown, seconds: number): void {
  if (seconds <= 0) return;
  copies.delete(full);
  copies.set(full, { value, until: Date.now() + seconds * 1000 });
  if (copies.size > ISOLATE_ENTRIES) copies.delete(copies.keys().next().value ?? "");
}

export async function readThrough<T>(
  kv: KVNamespace,
  kind: string,
  key: string,
  ttlSeconds: number,
  load: () => Promise<T>,
  isolateSeconds = ISOLATE_TTL_S,
): Promise<T> {
  const full = cacheKey(kind, key);
  const seconds = Math.min(isolateSeconds, ttlSeconds);
  const copy = copies.get(full);
  // The copy's value is what was stored under this key: the caller's T, as KV's own answer is.
  if (copy && copy.until > Date.now()) return copy.value as T;
  try {
    const hit = await kv.get<T>(full, "json");
    if (hit !== null) {
      keepCopy(full, hit, seconds);
      return hit;
    }
  } catch (e) {
    console.warn(JSON.stringify({ level: "warn", message: "KV read failed", key: full, error: String(e) }));
  }
  const value = await load();
  if (value !== null && value !== undefined) {
    keepCopy(full, value, seconds);
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

/** Drops an entry from KV and this isolate's copy of it; a KV failure leaves its TTL to end it. */
export async function forget(kv: KVNamespace, kind: string, key: string): Promise<void> {
  const full = cacheKey(kind, key);
  copies.delete(full);
  await kv.delete(full).catch(() => undefined);
}

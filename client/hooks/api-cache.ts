/**
 * SWR's cache (client/app.tsx's provider), started with the server's answers: a cached answer is data like any
 * fetched one (keepPreviousData and revalidation treat it so), and nothing asks for it again.
 *
 * A hook that mounts writes its key into its entry (`{ _k: key }`, SWR's use-swr.ts), and SWR then keeps the
 * entry as it was before that write as the key's «server snapshot»: a part that hydrates later (a lazy part's
 * chunk comes after the page's) and reads a key the page has read already (the complex page's room groups, the
 * map's first view) rendered the server's snapshot while hydrating, found the store changed in its effects and
 * rendered again, synchronously (React's rule for a store that differs from the server's): a whole part
 * rendered twice, in one task. Each entry here holds its key from the start, and a write that changes no field
 * keeps the entry as it is, so the state a part hydrates with is the state it reads after.
 */
import type { Cache, State } from "swr";

type Entry = State<unknown, unknown> & { _k?: unknown };

/** The same fields with the same values. */
function sameEntry(a: Entry, b: Entry): boolean {
  const keys = Object.keys(a) as (keyof Entry)[];
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && Object.is(a[k], b[k]));
}

class ApiCache extends Map<string, Entry> implements Cache<unknown> {
  override set(key: string, value: Entry): this {
    const now = super.get(key);
    return now && sameEntry(now, value) ? this : super.set(key, value);
  }
}

/** The cache, with each of the server's answers (by its key) as its key's entry. */
export function apiCache(answers: Record<string, unknown>): Cache<unknown> {
  // SWR's `_k` of a string key is the key itself (serialize in SWR's _internal).
  return new ApiCache(Object.entries(answers).map(([key, data]) => [key, { data, _k: key }]));
}

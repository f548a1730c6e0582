import type { State } from "swr";
import { describe, expect, it } from "vitest";
import { apiCache } from "./api-cache";

const KEY = "/api/v1/residential-complexes/7/rooms";

describe("apiCache", () => {
  it("starts each key's entry with the server's answer and the key SWR writes on mount", () => {
    const cache = apiCache({ [KEY]: { data: [1, 2] } });
    expect(cache.get(KEY)).toEqual({ data: { data: [1, 2] }, _k: KEY });
    expect(cache.get("/api/v1/other")).toBeUndefined();
  });

  it("keeps the entry itself when a write changes no field (a hook mounting on a key the page read)", () => {
    const cache = apiCache({ [KEY]: { data: [1, 2] } });
    const before = cache.get(KEY);
    // What SWR's useSWR does when it mounts: the entry merged with its key (use-swr.ts, setCache({ _k })).
    // SWR's State type does not name `_k`; its cache entries carry it (api-cache.ts).
    cache.set(KEY, { ...before, _k: KEY } as State<unknown, unknown>);
    expect(cache.get(KEY)).toBe(before);
  });

  it("takes a write that changes a field, or adds or drops one", () => {
    const cache = apiCache({ [KEY]: { data: [1, 2] } });
    const first = cache.get(KEY);
    const fresh = { data: { data: [3] }, _k: KEY };
    cache.set(KEY, fresh);
    expect(cache.get(KEY)).toBe(fresh);
    const loading = { ...fresh, isValidating: true };
    cache.set(KEY, loading);
    expect(cache.get(KEY)).toBe(loading);
    const { isValidating: _, ...done } = loading;
    cache.set(KEY, done);
    expect(cache.get(KEY)).toBe(done);
    expect(cache.get(KEY)).not.toBe(first);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cacheKey, forget, readThrough } from "../../worker/cache/kv";
import type { Deps } from "../../worker/loaders/deps";
import { loadMain } from "../../worker/loaders/main";
import { loadSeoFilter } from "../../worker/loaders/seo-filters";

/** A KV namespace that is down: every call throws. */
const brokenKv = new Proxy({} as KVNamespace, {
  get: () => () => Promise.reject(new Error("KV is unavailable")),
});

describe("KV read-through cache", () => {
  it("stores answers under versioned keys with a TTL and serves them from KV", async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { answer: 42 };
    };
    expect(await readThrough(env.KV, "test", "/a", 60, load)).toEqual({ answer: 42 });
    expect(await readThrough(env.KV, "test", "/a", 60, load)).toEqual({ answer: 42 });
    expect(loads).toBe(1);
    expect(cacheKey("test", "/a")).toBe("v1:test:/a");
    const listed = await env.KV.list({ prefix: "v1:test:" });
    expect(listed.keys.map((k) => k.name)).toEqual(["v1:test:/a"]);
    expect(listed.keys[0]?.expiration).toBeGreaterThan(Date.now() / 1000);
  });

  it("keeps an isolate's copy in front of KV until forgotten, unless asked for none", async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { loads };
    };
    expect(await readThrough(env.KV, "test", "/copy", 60, load)).toEqual({ loads: 1 });
    // Gone from KV behind the cache's back: this isolate still answers from its copy, without KV.
    await env.KV.delete(cacheKey("test", "/copy"));
    expect(await readThrough(env.KV, "test", "/copy", 60, load)).toEqual({ loads: 1 });
    await forget(env.KV, "test", "/copy");
    expect(await env.KV.get(cacheKey("test", "/copy"))).toBeNull();
    expect(await readThrough(env.KV, "test", "/copy", 60, load)).toEqual({ loads: 2 });
    // No copy asked for: every read goes to KV, so a deletion there is seen at once.
    expect(await readThrough(env.KV, "test", "/none", 60, load, 0)).toEqual({ loads: 3 });
    await env.KV.delete(cacheKey("test", "/none"));
    expect(await readThrough(env.KV, "test", "/none", 60, load, 0)).toEqual({ loads: 4 });
  });

  it("falls back to D1 when KV throws", async () => {
    // No isolate's copy answers in KV's place: the loaders reach the broken KV.
    for (const [kind, key] of [
      ["main", "/"],
      ["page", "/"],
      ["seo-filter", "moskva"],
    ] as const) {
      await forget(env.KV, kind, key);
    }
    const deps = { db: env.DB, kv: brokenKv, reads: new Map() } as unknown as Deps;
    const main = await loadMain(deps);
    expect(main.complexes.total).toBeGreaterThan(0);
    const seo = await loadSeoFilter(deps, "moskva");
    expect(seo?.h1).toBe("Новостройки Москвы");
  });

  it("keeps serving the cached answer when D1 would now answer differently", async () => {
    const deps = { db: env.DB, kv: env.KV, reads: new Map() } as unknown as Deps;
    const first = await loadSeoFilter(deps, "u-metro");
    await env.DB.prepare("UPDATE seo_filters SET h1 = 'Изменено' WHERE path = 'u-metro'").run();
    expect((await loadSeoFilter(deps, "u-metro"))?.h1).toBe(first?.h1);
  });
});

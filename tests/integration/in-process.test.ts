/**
 * A page reads its data from the API in-process (worker/api/json.ts): the answer's data is handed over, not
 * written as JSON and read back. What the page embeds for each key is what the API answers a browser for that
 * key, on every kind of page, twice (an answer kept in the isolate's copies is not changed by a render); and a
 * request from the network always gets its JSON body.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fallbackOf, get, getJson } from "./helpers";

let pages: string[];
/** The ads: each answer picks its own rotation, so two answers differ. */
const ROTATES = "/api/v1/adverts";

beforeAll(async () => {
  const complex = await env.DB.prepare(
    "SELECT slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  ).first<{ slug: string }>();
  const station = await env.DB.prepare(
    `SELECT s.slug FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id
     WHERE s.kind = 'metro' GROUP BY s.id ORDER BY count(*) DESC LIMIT 1`,
  ).first<{ slug: string }>();
  if (!complex || !station) throw new Error("the seed has no complex near the metro");
  pages = [
    "/",
    "/novostroyki/?rooms=2",
    `/novostroyki/${complex.slug}/`,
    `/po-metro/${station.slug}/`,
    "/journal/",
  ];
});

describe("a page's data is the API's answer", () => {
  it("key by key, on each kind of page, and the same again on the second render", async () => {
    for (const path of pages) {
      for (const round of [1, 2]) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        const fallback = fallbackOf(await res.text());
        const keys = Object.entries(fallback).filter(([key]) => !key.startsWith(ROTATES));
        expect(keys.length, path).toBeGreaterThan(0);
        for (const [key, data] of keys) {
          const answer = await getJson(key);
          expect(answer.status, key).toBe(200);
          expect(data, `${path} (render ${round}): ${key}`).toEqual(answer.body);
        }
      }
    }
  });

  it("a request from the network gets the JSON text", async () => {
    const res = await get("/api/v1/main/menu", { headers: { Accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    expect(Object.keys(JSON.parse(text) as object).length).toBeGreaterThan(0);
  });
});

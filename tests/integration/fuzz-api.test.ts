import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { LONGEST_QUERIES } from "../filter-samples";
import { BROKEN, apiCall as call, ENDPOINTS } from "../fuzz/requests";
import { HUMAN_UA } from "./helpers";

/**
 * Every API path under random and hostile input (the calls of tests/fuzz/requests.ts, which `npm run
 * test:fuzz` sends too): no 5xx, never an HTML answer, every error a Russian message (never valibot's English
 * defaults, never a message in Latin letters only).
 */

/** valibot's English defaults and the shape of an English sentence. */
const ENGLISH = /Invalid (key|type|length|value|format)|Expected|Received|^[\x20-\x7e]+$/;

async function check({ method, url, body }: { method: string; url: string; body?: string }): Promise<void> {
  const res = await SELF.fetch(`http://localhost${url}`, {
    method,
    body,
    redirect: "manual",
    headers: { "User-Agent": HUMAN_UA, Origin: "http://localhost", "Content-Type": "application/json" },
  });
  const text = await res.text();
  const where = `${method} ${url}`;
  expect(res.status, where).toBeLessThan(500);
  // «/api/v1/../..» is the site's root once the URL is read: not an API path any more.
  if (!/^\/api(-dev)?\//.test(new URL(url, "http://localhost").pathname)) return;
  expect(res.headers.get("Content-Type") ?? "", where).not.toMatch(/text\/html/);
  expect(text.trimStart().startsWith("<"), where).toBe(false);
  if (res.status === 204) return;
  const json: unknown = JSON.parse(text);
  if (res.status >= 400) {
    const error = (json as { error?: unknown }).error;
    expect(typeof error, where).toBe("string");
    expect(error, where).toMatch(/\p{Script=Cyrillic}/u);
    expect(error, where).not.toMatch(ENGLISH);
  }
}

describe("every API path under random and hostile input", () => {
  it("never answers 5xx or HTML, and every error is a Russian message", async () => {
    await fc.assert(fc.asyncProperty(call, check), { numRuns: inject("fuzzRuns"), seed: 20261125 });
  }, 120_000);

  it("answers every GET path with every list at its maximum beside every other field, never a 5xx", async () => {
    for (const [method, template] of ENDPOINTS.filter(([m]) => m === "GET"))
      for (const query of LONGEST_QUERIES.api)
        await check({
          method,
          url: `/api/v1${template.replace("{id}", "1").replace("{path}", "novostroyki")}?${query}`,
        });
  }, 240_000);

  it("answers each endpoint's own hostile segments and broken escapes", async () => {
    for (const [method, template] of ENDPOINTS.filter(([, t]) => t.includes("{"))) {
      for (const id of BROKEN) {
        const url = `/api/v1${template.replace("{id}", id).replace("{path}", id)}`;
        await check({ method, url, body: method === "GET" ? undefined : "{" });
      }
    }
  }, 240_000);
});

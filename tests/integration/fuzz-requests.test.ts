import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { type FuzzRequest, hostileRequest, OFF_SITE, problems } from "../fuzz/requests";

/** The short run of `npm run test:fuzz`: the same hostile requests and checks, through the worker itself. */
async function check(req: FuzzRequest): Promise<void> {
  const res = await SELF.fetch(`http://localhost${req.url}`, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    redirect: "manual",
  });
  const text = await res.text();
  expect(
    problems("http://localhost", { status: res.status, headers: res.headers, text }),
    `${req.method} ${req.url}`,
  ).toEqual([]);
}

describe("hostile requests: any method, headers and body on every API path and page type", () => {
  it("never answer 5xx, never write the input into a page unescaped, never redirect off the site", async () => {
    await fc.assert(fc.asyncProperty(hostileRequest, check), { numRuns: inject("fuzzRuns"), seed: 20261125 });
  }, 180_000);

  it("keep every redirect on the site", async () => {
    for (const url of OFF_SITE) for (const method of ["GET", "HEAD", "POST"]) await check({ method, url });
  });
});

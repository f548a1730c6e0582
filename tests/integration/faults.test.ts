import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { type FaultPlan, faultyD1, faultyKV } from "../faults/bindings";
import { HUMAN_UA } from "./helpers";

/** A binding that is down: every call fails (and is counted, so a test sees the binding was used). */
function failing<T>(
  wrap: (binding: T, plan: FaultPlan) => T,
  binding: T,
): { binding: T; calls: () => number } {
  let calls = 0;
  const plan = {
    rate: 1,
    onFault: () => {
      calls += 1;
    },
  };
  return { binding: wrap(binding, plan), calls: () => calls };
}

async function visit(path: string, bindings: object = {}): Promise<{ res: Response; body: string }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost${path}`, { headers: { "User-Agent": HUMAN_UA } }),
    { ...env, ...bindings },
    ctx,
  );
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

// A query of its own per test keeps the edge cache out of the way: these pages must come from the worker.
describe("KV down", () => {
  it("pages still render, from D1", async () => {
    for (const path of [
      "/?faults=kv",
      "/journal/?faults=kv",
      "/special/?faults=kv",
      "/companies/?faults=kv",
    ]) {
      const kv = failing(faultyKV, env.KV);
      const down = await visit(path, { KV: kv.binding });
      expect(down.res.status, path).toBe(200);
      expect(kv.calls(), path).toBeGreaterThan(0);
      expect(down.body).not.toContain("Неизвестная ошибка");
      const up = await visit(path.replace("faults=kv", "faults=kv-up"));
      expect(title(down.body), path).toBe(title(up.body));
      expect(title(down.body)?.length, path).toBeGreaterThan(0);
    }
  });
});

describe("D1 down", () => {
  it("the API answers 500 with a Russian message in JSON", async () => {
    for (const path of [
      "/api/v1/residential-complexes/grid?per_page=1&search[rooms]=2",
      "/api/v1/residential-complexes/1",
      "/api/v1/living-objects/grid?search[rooms]=1",
      "/api/v1/media/posts/grid",
      "/api/v1/companies/grid?search[type]=developer",
      "/api/v1/locations/subways/grid?kind=metro",
    ]) {
      const db = failing(faultyD1, env.DB);
      const { res, body } = await visit(path, { DB: db.binding });
      expect(res.status, path).toBe(500);
      expect(res.headers.get("Content-Type"), path).toMatch(/^application\/json/);
      expect(db.calls(), path).toBeGreaterThan(0);
      const json = JSON.parse(body) as { error: string };
      expect(json.error, path).toMatch(/^[А-ЯЁ][^a-zA-Z]*$/);
    }
  });

  it("pages show the Russian error page, not a crash", async () => {
    // Every page's status waits for its data (docs/decisions/0001-first-byte-rule.md): a 500, for people too.
    for (const path of ["/?faults=d1", "/novostroyki/zhk-test-1/?faults=d1", "/journal/?faults=d1"]) {
      const db = failing(faultyD1, env.DB);
      const { res, body } = await visit(path, { DB: db.binding });
      expect(res.status, path).toBe(500);
      expect(res.headers.get("Content-Type"), path).toBe("text/html; charset=utf-8");
      expect(db.calls(), path).toBeGreaterThan(0);
      expect(body).toContain('<html lang="ru">');
      expect(body).toContain("Неизвестная ошибка");
      expect(body).toContain("Мы уже знаем об этой ошибке и скоро её исправим");
      expect(body).toContain('href="/"');
      expect(body).not.toMatch(/injected fault|at \w+ \(|Error:|D1_ERROR/);
    }
  });
});

import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { get, HUMAN_UA } from "./helpers";

describe("server errors", () => {
  it("shows the Russian error page with status 500 when the database fails, and a JSON error for the API", async () => {
    await env.DB.exec("DROP TABLE pages");
    const page = await get("/", { bot: true });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("Неизвестная ошибка");
    expect(html).toContain("Мы уже знаем об этой ошибке и скоро её исправим");
    expect(html).toContain('href="/"');
    expect(html).not.toMatch(/at \w+ \(|Error:|D1_ERROR|SQLITE/);

    const api = await get("/api/v1/pages?url=/");
    expect(api.status).toBe(500);
    const body = (await api.json()) as { error: string };
    expect(body.error).toMatch(/^Внутренняя ошибка сервера/);
  });

  it("shows a person the same error page with the same 500, and keeps no copy of it", async () => {
    // The first test dropped the table too (storage is kept between the tests of a file).
    await env.DB.exec("DROP TABLE IF EXISTS pages");
    // The status waits for the data on every page (docs/decisions/0001-first-byte-rule.md).
    const load = async () => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request("http://localhost/", { headers: { "User-Agent": HUMAN_UA } }),
        env,
        ctx,
      );
      const html = await res.text();
      await waitOnExecutionContext(ctx);
      return { res, html };
    };
    const { res, html } = await load();
    expect(res.status).toBe(500);
    expect(html).toContain('<link rel="stylesheet"');
    expect(html).toContain("Неизвестная ошибка");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toMatch(/at \w+ \(|Error:|D1_ERROR|SQLITE/);
    expect(html).toMatch(/<\/html>$/);
    // Not kept by the edge cache: the next visit renders again, and fails again.
    const again = await load();
    expect(again.res.status).toBe(500);
    expect(again.res.headers.get("X-Cache")).not.toBe("HIT");
  });
});

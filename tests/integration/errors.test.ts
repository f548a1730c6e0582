import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "./helpers";

describe("server errors", () => {
  it("shows the Russian error page with status 500 when the database fails, and a JSON error for the API", async () => {
    await env.DB.exec("DROP TABLE pages");
    const page = await get("/");
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
});

import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env";
import { renderErrorPage, statusOf } from "./pages";

const context = {
  req: { url: "https://example.test/broken/" },
  env: { SITE_PHONE: "+74951204567" },
  get: (key: string) =>
    ({ secureHeadersNonce: "abc", isBot: false, narrow: false, requestId: "test", ip: "127.0.0.1" })[key],
} as unknown as Context<AppEnv>;

describe("error page", () => {
  it("falls back to a static page when the error page itself fails to render", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await renderErrorPage(context, 500, async () => {
        throw new Error("render exploded");
      });
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain("Произошла ошибка при отображении страницы ошибки");
      expect(html).toContain('href="/"');
      expect(html).not.toContain("render exploded");
      expect(html).not.toContain("<script");
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

describe("a page's status from its data", () => {
  it("is 200 when every key answered, 404 for a missing item or a failed validation, else the error's own", () => {
    expect(statusOf([{ status: 200 }, { status: 200 }])).toBe(200);
    expect(statusOf([{ status: 200 }, { status: 404 }])).toBe(404);
    expect(statusOf([{ status: 400 }])).toBe(404);
    expect(statusOf([{ status: 429 }, { status: 200 }])).toBe(429);
    expect(statusOf([{ status: 503 }])).toBe(503);
    expect(statusOf([{ status: 500 }, { status: 404 }])).toBe(404);
    expect(statusOf([{ status: 200 }, { status: 502 }])).toBe(502);
  });
});

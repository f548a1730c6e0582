import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { forget } from "../../worker/cache/kv";
import { cspNonce, get, scriptNonces } from "./helpers";

const PAGES: [path: string, name: string][] = [
  ["/", "home"],
  ["/ad/", "ad"],
  ["/companies/", "companies"],
  ["/contacts/", "contacts"],
  ["/data-processing-agreement/", "data-processing-agreement"],
  ["/mortgage/", "mortgage"],
  ["/policy/", "policy"],
  // A campaign link without fp=1: the whole page (with fp=1 it is the reduced one, tests/integration/ads.test.ts).
  ["/special/?utm_source=x", "special"],
  ["/terms-of-service/", "terms-of-service"],
  ["/test-modal/", "test-modal"],
];

describe("page routes", () => {
  it.each(PAGES)("%s renders in the default layout", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ru">/);
    expect(html).toContain('class="header"');
    expect(html).toContain('class="sitemap"');
    expect(html).toContain('class="footer"');
    expect(html).toContain('id="__DATA__"');
  });

  it.each([
    "/po-nowhere/",
    "/novostroyki/zhk-/",
    "/companies/builders/",
    "/journal/a/b/c/",
    "/kvartiry/novostroyka/no-digits/",
    "/%E0%A4%A/",
  ])("%s is a 404 in the empty layout", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404. Страница не найдена");
    expect(html).toContain("вернуться назад");
    expect(html).toContain("проверить адрес");
    expect(html).toContain("перейти на главную");
    expect(html).toContain('class="empty-header"');
    expect(html).not.toContain('class="sitemap"');
  });

  it("redirects a path without the trailing slash, keeping the query", async () => {
    const res = await get("/policy");
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", "http://localhost").pathname).toBe("/policy/");
    const withQuery = await get("/novostroyki/moskva?min_price=3000000&page=2");
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.get("Location")).toMatch(/\/novostroyki\/moskva\/\?min_price=3000000&page=2$/);
  });
});

describe("security headers", () => {
  it("puts the CSP nonce on every script and sets the headers", async () => {
    const res = await get("/");
    const html = await res.text();
    const nonce = cspNonce(res);
    expect(nonce).toBeTruthy();
    const { scripts, nonces } = scriptNonces(html);
    expect(scripts).toBeGreaterThanOrEqual(2);
    expect(nonces.every((n) => n === nonce)).toBe(true);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    for (const part of [
      "'strict-dynamic'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=31536000/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("uses a new nonce for each request", async () => {
    const a = cspNonce(await get("/"));
    const b = cspNonce(await get("/"));
    expect(a).not.toBe(b);
  });

  it("sets the headers on 404s, redirects, API answers and static files", async () => {
    for (const path of ["/nope/", "/policy", "/api/v1/pages?url=/", "/favicon.svg"]) {
      const res = await get(path);
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(res.headers.get("Content-Security-Policy"), path).toContain("object-src 'none'");
      await res.arrayBuffer();
    }
  });
});

describe("hydration data", () => {
  it("escapes hostile data so that it cannot close the script", async () => {
    const hostile = `</script><script>alert("x")</script><!-- \u2028\u2029 & "quotes"`;
    await env.DB.prepare(
      "INSERT OR REPLACE INTO pages (url, title, description, h1, text) VALUES ('/', ?1, ?1, ?1, ?1)",
    )
      .bind(hostile)
      .run();
    await forget(env.KV, "page", "/");
    await forget(env.KV, "main", "/");
    // A query of its own, so the edge cache has no earlier copy of this page.
    const res = await get("/?hostile=1");
    const html = await res.text();
    expect(html).not.toContain("<script>alert");
    const data =
      /<script type="application\/json" id="__DATA__"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(data).not.toMatch(/[<>&\u2028\u2029]/);
    const boot = JSON.parse(data) as { fallback: Record<string, { page: { seo: { title: string } } }> };
    expect(boot.fallback["/api/v1/main"]?.page.seo.title).toBe(hostile);
    await env.DB.prepare("DELETE FROM pages WHERE url = '/'").run();
  });
});

describe("bots and humans", () => {
  it("sends a bot the complete document with the page content", async () => {
    const res = await get("/", { bot: true });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>");
    expect(html).not.toContain("<!--$?-->");
    expect(html).toContain('"isBot":true');
  });

  it("marks a human visit as such", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain('"isBot":false');
  });
});

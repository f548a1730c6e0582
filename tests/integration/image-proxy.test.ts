import { describe, expect, it } from "vitest";
import { get } from "./helpers";

const img = (src: string, w = 320) => get(`/img/?src=${encodeURIComponent(src)}&w=${w}`);

describe("image proxy", () => {
  it("serves our own images with long cache headers", async () => {
    const res = await img("/art/og-cover.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toContain("immutable");
    expect(await res.text()).toContain("<svg");
    const missing = await img("/art/none.svg");
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it("refuses hosts that are not allow-listed and internal addresses", async () => {
    for (const src of [
      "https://evil.example/cat.jpg",
      "https://127.0.0.1/x.png",
      "https://localhost/x.png",
      "https://10.0.0.5/x.png",
      "https://192.168.1.1/x.png",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x.png",
      "https://2130706433/x.png",
      "http://img.novostroyki.example/x.png",
      "https://img.novostroyki.example:8443/x.png",
      "https://user:pass@img.novostroyki.example/x.png",
      "javascript:alert(1)",
    ]) {
      const res = await img(src);
      expect(res.status, src).toBe(403);
      const body = (await res.json()) as { error: string };
      expect(body.error, src).toMatch(/[а-я]/);
    }
  });

  it("accepts only preset widths", async () => {
    const res = await img("https://img.novostroyki.example/a.jpg", 333);
    expect(res.status).toBe(400);
    await res.arrayBuffer();
  });

  it("refuses own paths outside the image folders", async () => {
    for (const src of ["/api/v1/main", "/../wrangler.toml", "//evil.example/x.png"]) {
      const res = await img(src);
      expect([403, 404], src).toContain(res.status);
      await res.arrayBuffer();
    }
  });
});

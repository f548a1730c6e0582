import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { edgeCache, edgeCacheKey, storedPage, TTL_S, type Variant } from "../../worker/edge-cache";
import type { AppEnv } from "../../worker/env";
import { pageAssets } from "../../worker/ssr/assets";
import { cspNonce, GOOGLEBOT_UA, HUMAN_UA, PHONE_UA, scriptNonces, visit } from "./helpers";

/** Every script carries the response's own CSP nonce, and the hydration data hands the same one on. */
function expectOwnNonce(res: Response, html: string): string {
  const nonce = cspNonce(res);
  if (!nonce) throw new Error("no nonce in the CSP header");
  const { scripts, nonces } = scriptNonces(html);
  expect(scripts).toBeGreaterThan(0);
  expect(nonces.every((n) => n === nonce)).toBe(true);
  expect(html).toContain(`"nonce":"${nonce}"`);
  return nonce;
}

/** Plants a page in the cache as if a request with nonce "planted-nonce" had rendered it `ageS` ago. */
async function plant(path: string, variant: Variant, html: string, ageS: number): Promise<void> {
  const key = edgeCacheKey(new URL(`http://localhost${path}`), variant, false);
  await caches.default.put(key, storedPage(html, "planted-nonce", Date.now() - ageS * 1000));
}

const PLANTED =
  '<!doctype html><html><body><p>planted</p><script nonce="planted-nonce"></script></body></html>';

describe("edge cache of catalogue pages", () => {
  it("keys a page by the build's entry and stylesheets, so a page of an older build is never served", () => {
    const key = edgeCacheKey(new URL("http://localhost/novostroyki/"), "human", false).url;
    const { entry, css } = pageAssets(null);
    // A stylesheet-only change keeps the entry's name: the key must change with the stylesheet too.
    for (const file of [entry, ...css]) expect(key).toContain(file.replace(/^\/assets\/|\.(js|css)$/g, ""));
    expect(css.length).toBeGreaterThan(0);
  });

  it("answers the second visit from the cache, with the visit's own nonce", async () => {
    const first = await visit("/?edge=hit");
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("X-Cache")).toBe("MISS");
    const firstNonce = expectOwnNonce(first.res, first.html);

    const second = await visit("/?edge=hit");
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get("X-Cache")).toBe("HIT");
    const secondNonce = expectOwnNonce(second.res, second.html);
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.html.replaceAll(secondNonce, firstNonce)).toBe(first.html);
    expect(second.res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    // The storage directives stay inside the cache: a shared cache must not keep a page with a nonce.
    expect(second.res.headers.get("Cache-Control")).toBeNull();
    expect(second.res.headers.get("X-Edge-Nonce")).toBeNull();
  });

  it("never gives an advertising visit (fp=1, utm_*) the human variant", async () => {
    for (const path of ["/novostroyki/?fp=1", "/novostroyki/?utm_source=yandex&utm_campaign=spring"]) {
      await plant(path, "human", PLANTED, 0);
      const ad = await visit(path);
      expect(ad.res.headers.get("X-Cache"), path).toBe("MISS");
      expect(ad.html).not.toContain("planted");
      expect((await visit(path)).res.headers.get("X-Cache"), path).toBe("HIT");
    }
    await plant("/novostroyki/?edge=human", "human", PLANTED, 0);
    const human = await visit("/novostroyki/?edge=human");
    expect(human.res.headers.get("X-Cache")).toBe("HIT");
    expect(human.html).toContain(`<p>planted</p><script nonce="${cspNonce(human.res)}">`);
  });

  it("caches the map page per filter, its first view included", async () => {
    for (const path of ["/novostroyki/na-karte/?edge=map", "/novostroyki/na-karte/?edge=map&rooms=1"]) {
      const first = await visit(path);
      expect(first.res.headers.get("X-Cache"), path).toBe("MISS");
      const again = await visit(path);
      expect(again.res.headers.get("X-Cache"), path).toBe("HIT");
      expectOwnNonce(again.res, again.html);
      expect(again.html.replaceAll(cspNonce(again.res) ?? "", cspNonce(first.res) ?? "")).toBe(first.html);
      expect(again.html).toContain("residential-complexes/map-view");
    }
  });

  it("keeps phones and other screens apart: the map's first view is drawn to the guessed screen", async () => {
    const path = "/novostroyki/na-karte/?edge=screens";
    const viewBox = (html: string) => /class="cmap__svg" viewBox="([^"]+)"/.exec(html)?.[1];
    const wide = await visit(path);
    expect(wide.res.headers.get("X-Cache")).toBe("MISS");
    expect(viewBox(wide.html)).toBe("0 0 1200 600");
    expect(wide.res.headers.get("Vary")).toContain("Sec-CH-UA-Mobile");
    // A phone by its browser's hint, whatever its user agent says, and by its user agent without the hint.
    const byHint = await visit(path, HUMAN_UA, { "Sec-CH-UA-Mobile": "?1" });
    expect(byHint.res.headers.get("X-Cache")).toBe("MISS");
    expect(viewBox(byHint.html)).toBe("0 0 360 480");
    expect(byHint.html).toContain('"narrow":true');
    const byAgent = await visit(path, PHONE_UA);
    expect(byAgent.res.headers.get("X-Cache")).toBe("HIT");
    expect(viewBox(byAgent.html)).toBe("0 0 360 480");
    // A phone's user agent whose browser says it is no phone (a desktop site asked for) gets the desktop's.
    const asked = await visit(path, PHONE_UA, { "Sec-CH-UA-Mobile": "?0" });
    expect(asked.res.headers.get("X-Cache")).toBe("HIT");
    expect(viewBox(asked.html)).toBe("0 0 1200 600");
  });

  it("keeps bots and people apart", async () => {
    await visit("/po-metro/?edge=bots");
    const bot = await visit("/po-metro/?edge=bots", GOOGLEBOT_UA);
    expect(bot.res.headers.get("X-Cache")).toBe("MISS");
    const botAgain = await visit("/po-metro/?edge=bots", GOOGLEBOT_UA);
    expect(botAgain.res.headers.get("X-Cache")).toBe("HIT");
    expectOwnNonce(botAgain.res, botAgain.html);
    expect(botAgain.html).toContain('"isBot":true');
    const human = await visit("/po-metro/?edge=bots");
    expect(human.res.headers.get("X-Cache")).toBe("HIT");
    expect(human.html).toContain('"isBot":false');
  });

  it("serves a stale page once and renders it again in the background", async () => {
    await plant("/novostroyki/?edge=stale", "human", PLANTED, TTL_S + 1);
    const stale = await visit("/novostroyki/?edge=stale");
    expect(stale.res.headers.get("X-Cache")).toBe("STALE");
    expect(stale.html).toContain("<p>planted</p>");
    expect(stale.html).not.toContain("planted-nonce");
    expect(stale.html).toContain(`nonce="${cspNonce(stale.res)}"`);

    const fresh = await visit("/novostroyki/?edge=stale");
    expect(fresh.res.headers.get("X-Cache")).toBe("HIT");
    expect(fresh.html).not.toContain("planted");
    expectOwnNonce(fresh.res, fresh.html);
  });

  it("renders afresh for a hard reload (Cache-Control: no-cache) and keeps that copy", async () => {
    await plant("/po-metro/?edge=reload", "human", PLANTED, 0);
    const reload = await visit("/po-metro/?edge=reload", HUMAN_UA, { "Cache-Control": "no-cache" });
    expect(reload.res.headers.get("X-Cache")).toBe("MISS");
    expect(reload.html).not.toContain("planted");
    const next = await visit("/po-metro/?edge=reload");
    expect(next.res.headers.get("X-Cache")).toBe("HIT");
    expect(next.html).not.toContain("planted");
  });

  it("does not cache other pages, errors or redirects", async () => {
    for (const path of [
      "/journal/",
      "/mortgage/",
      "/novostroyki/zhk-net-takogo-999999999/",
      "/novostroyki",
    ]) {
      await visit(path);
      const again = await visit(path);
      expect(again.res.headers.get("X-Cache"), path).toBeNull();
    }
  });
});

describe("a page whose render failed while streaming", () => {
  /**
   * The cache in front of a page that streams its 200 first and reports a failed part afterwards, as React
   * does when a part throws or the render times out after the shell was sent.
   */
  const page = new Hono<AppEnv>();
  page.use("*", async (c, next) => {
    c.set("isBot", false);
    c.set("secureHeadersNonce", "test-nonce");
    await next();
  });
  page.use(
    "*",
    edgeCache(() => Promise.resolve(new Response(null, { status: 204 }))),
  );
  page.get("*", (c) => {
    const fails = c.req.query("part") === "fails";
    const text = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(stream) {
        stream.enqueue(text.encode("<!doctype html><html><body><p>shell</p>"));
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fails) c.set("renderFailed", true);
        stream.enqueue(text.encode("<p>the rest</p></body></html>"));
        stream.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });

  async function load(path: string): Promise<string | null> {
    const ctx = createExecutionContext();
    const res = await page.fetch(new Request(`http://localhost${path}`), env, ctx);
    await res.text();
    await waitOnExecutionContext(ctx);
    return res.headers.get("X-Cache");
  }

  it("is not kept, while the same page rendered whole is", async () => {
    expect(await load("/novostroyki/?part=fails")).toBe("MISS");
    expect(await load("/novostroyki/?part=fails")).toBe("MISS");
    expect(await load("/novostroyki/?part=whole")).toBe("MISS");
    expect(await load("/novostroyki/?part=whole")).toBe("HIT");
  });
});

/** The boot data of a page (SPEC §3 root state). */
const bootOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="__DATA__"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? "{}",
  ) as {
    ip: string | null;
    all_ips: string[];
    isBot: boolean;
  };

describe("the visitor's addresses (SPEC §3 ip, all_ips)", () => {
  it("are the visitor's own on a rendered page and on a cached one, never another visitor's", async () => {
    const path = "/po-metro/?edge=visitor";
    const first = await visit(path, HUMAN_UA, {
      "CF-Connecting-IP": "203.0.113.7",
      "X-Forwarded-For": "198.51.100.1, 10.0.0.2, bogus<script>",
    });
    expect(first.res.headers.get("X-Cache")).toBe("MISS");
    expect(bootOf(first.html)).toMatchObject({
      ip: "203.0.113.7",
      all_ips: ["203.0.113.7", "198.51.100.1", "10.0.0.2"],
    });
    const second = await visit(path, HUMAN_UA, { "X-Forwarded-For": "2001:db8::1, 192.0.2.9" });
    expect(second.res.headers.get("X-Cache")).toBe("HIT");
    expect(bootOf(second.html)).toMatchObject({ ip: "2001:db8::1", all_ips: ["2001:db8::1", "192.0.2.9"] });
    expect(second.html).not.toContain("203.0.113.7");
    expect(second.html).not.toContain("198.51.100.1");
    const none = await visit(path, HUMAN_UA);
    expect(bootOf(none.html)).toMatchObject({ ip: null, all_ips: [] });
    expect(none.html).not.toContain("2001:db8::1");
  });

  it("are not worked out for a bot (no server-side start)", async () => {
    const { html } = await visit("/po-metro/?edge=visitor-bot", GOOGLEBOT_UA, {
      "CF-Connecting-IP": "203.0.113.8",
    });
    expect(bootOf(html)).toMatchObject({ ip: null, all_ips: [], isBot: true });
  });
});

import { describe, expect, it } from "vitest";
import { cspNonce, GOOGLEBOT_UA, HUMAN_UA, scriptNonces, visit } from "./helpers";

const COUNTER = "98765432";

/** A page through the app with the counter configured (or not), as a person or a bot. */
async function page(path: string, counter: string | undefined, ua = HUMAN_UA) {
  const { res, html } = await visit(path, ua, {}, { ANALYTICS_COUNTER_ID: counter });
  return { res, html, csp: res.headers.get("Content-Security-Policy") ?? "" };
}

/** The inline scripts of a page that mention the counter's host. */
const loaders = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([^<]*mc\.yandex\.ru[^<]*)<\/script>/g)].map((m) => ({
    attrs: m[1] ?? "",
    text: m[2] ?? "",
  }));

describe("the web-analytics loader (SPEC §1)", () => {
  it("is absent, and the CSP allows nothing for it, when no counter id is configured", async () => {
    for (const counter of [undefined, "", "not-a-number"]) {
      const { res, html, csp } = await page("/journal/", counter);
      expect(res.status).toBe(200);
      expect(html).not.toContain("mc.yandex.ru");
      expect(html).not.toContain("ym(");
      expect(csp).not.toContain("mc.yandex.ru");
    }
  });

  it("with a counter id, loads the counter after the page is idle, nonced, allowed by the CSP", async () => {
    const { res, html, csp } = await page("/journal/", COUNTER);
    expect(res.status).toBe(200);
    const [loader, ...more] = loaders(html);
    expect(more).toHaveLength(0);
    if (!loader) throw new Error("no analytics loader");
    const nonce = cspNonce(res);
    expect(nonce).not.toBeNull();
    expect(loader.attrs).toContain(`nonce="${nonce}"`);
    // Every script of the page still carries the one nonce.
    const { scripts, nonces } = scriptNonces(html);
    expect(nonces).toEqual(Array(scripts).fill(nonce));
    // The counter's script is added by the loader (with the nonce) only after load, when the browser is idle.
    expect(loader.text).toContain(`w.ym(${COUNTER},"init"`);
    expect(loader.text).toContain(`s.nonce=${JSON.stringify(nonce)}`);
    expect(loader.text).toMatch(/requestIdleCallback\(load/);
    expect(loader.text).toMatch(/addEventListener\("load",idle/);
    expect(html).not.toMatch(/<script[^>]+src="https:\/\/mc\.yandex\.ru/);
    for (const directive of ["script-src", "img-src", "connect-src"]) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://mc\\.yandex\\.ru`));
    }
  });

  it("is never loaded for a bot, and the bot's CSP does not allow it", async () => {
    const { res, html, csp } = await page("/journal/", COUNTER, GOOGLEBOT_UA);
    expect(res.status).toBe(200);
    expect(html).not.toContain("mc.yandex.ru");
    expect(csp).not.toContain("mc.yandex.ru");
  });

  it("is on the error page too, for a person", async () => {
    const { res, html } = await page("/net-takoy-stranicy/", COUNTER);
    expect(res.status).toBe(404);
    expect(loaders(html)).toHaveLength(1);
  });
});

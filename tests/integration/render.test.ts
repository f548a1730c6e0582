/**
 * The document renderer (worker/ssr/render.tsx) when a render fails: a part that throws is left to the browser
 * and reported (logged, the edge cache keeps no copy), a layout that throws ends a person's document with the
 * short error body or fails a bot's render for the caller's error page. React's bytes go into the document
 * without being decoded, so the page around them must still be whole.
 */
import { describe, expect, it } from "vitest";
import type { BootData } from "../../shared/boot";
import { MENUS, type Menus } from "../../shared/menu";
import { NO_AD_STATE } from "../../shared/schemas/ads";
import { renderPage } from "../../worker/ssr/render";

function boot(menus: Menus): BootData {
  return {
    fallback: {},
    status: 200,
    ip: null,
    all_ips: [],
    isBot: false,
    narrow: false,
    ad: NO_AD_STATE,
    nonce: "test-nonce",
    origin: "https://example.test",
    phone: "+74951204567",
    menus,
  };
}

/** The legal page (no data) with the given menus, as a person or a bot gets it, and what onError received. */
async function render(menus: Menus, waitForAll: boolean) {
  const errors: unknown[] = [];
  const res = await renderPage(
    {
      url: new URL("https://example.test/policy/"),
      page: "legal",
      boot: boot(menus),
      nonce: "test-nonce",
      analytics: null,
      waitForAll,
    },
    (e) => errors.push(e),
  );
  return { res, errors };
}

/** The site map (in the footer, a lazy part inside its own Suspense boundary) throws on these menus. */
const brokenSiteMap = { ...MENUS, siteMap: null } as unknown as Menus;
/** The header (the layout itself, outside every boundary) throws on these. */
const brokenHeader = { ...MENUS, main: null } as unknown as Menus;

describe("a page whose render fails", () => {
  it("renders whole and reports nothing when nothing fails", async () => {
    const { res, errors } = await render(MENUS, false);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("<title>");
    expect(html).toContain("Общие положения");
    expect(html).toContain('class="sitemap"');
    expect(html).toMatch(/<\/html>$/);
    expect(errors).toEqual([]);
  });

  for (const waitForAll of [false, true]) {
    const who = waitForAll ? "a bot" : "a person";
    it(`leaves a part that throws to the browser and reports the part's own error (${who})`, async () => {
      const { res, errors } = await render(brokenSiteMap, waitForAll);
      const html = await res.text();
      expect(res.status).toBe(200);
      // The rest of the page is there; the site map's boundary is the browser's to render.
      expect(html).toContain("Общие положения");
      expect(html).not.toContain('class="sitemap"');
      expect(html).toContain("<!--$!-->");
      expect(html).toMatch(/<\/html>$/);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e instanceof TypeError)).toBe(true);
    });
  }

  it("ends a person's document with the short error body when the layout throws", async () => {
    const { res, errors } = await render(brokenHeader, false);
    const html = await res.text();
    // The status left with the head, after the data and before the render: the one failure that comes after
    // it is a component that throws (docs/decisions/0001-first-byte-rule.md).
    expect(res.status).toBe(200);
    expect(html).toContain('<link rel="stylesheet"');
    expect(html).toContain("Не удалось показать страницу");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain("Общие положения");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TypeError);
  });

  it("fails a bot's render, for the caller's error page, when the layout throws", async () => {
    await expect(render(brokenHeader, true)).rejects.toBeInstanceOf(TypeError);
  });
});

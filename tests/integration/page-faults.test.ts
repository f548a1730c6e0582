/**
 * A database that goes down in the middle of a page's data: whichever call fails first, a person and a bot get
 * the same answer — the page (its data's failure only cost an extra: the ads, the menu's amounts, a second
 * round's list) or the Russian error page with a 5xx. Never the error page with a 200, never a blank page.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PageId } from "../../shared/routes";
import { app } from "../../worker/app";
import { edgeCacheKey } from "../../worker/edge-cache";
import { faultyD1, faultyKV } from "../faults/bindings";
import { GOOGLEBOT_UA, HUMAN_UA, mainOf } from "./helpers";

const ERROR_TEXT = "Неизвестная ошибка";

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/**
 * One visit with D1 failing from its call `from` on (Infinity: never), KV down (so every read reaches D1),
 * and no copy in the edge cache. Counts the D1 calls.
 */
async function visit(path: string, bot: boolean, from: number) {
  const url = new URL(`http://localhost${path}`);
  for (const variant of ["human", "ad", "bot"] as const)
    for (const narrow of [false, true]) await caches.default.delete(edgeCacheKey(url, variant, narrow));
  let calls = 0;
  const plan = {
    rate: 0,
    fails: (call: number) => {
      calls = call + 1;
      return call >= from;
    },
  };
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(url, { headers: { "User-Agent": bot ? GOOGLEBOT_UA : HUMAN_UA } }),
    { ...env, DB: faultyD1(env.DB, plan), KV: faultyKV(env.KV, { rate: 1 }) },
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, html, calls };
}

/** A page found by the first link on another that matches `link` (or made from it by `as`). */
type Found = { on: string; link: RegExp; as?: (link: string) => string };

/** The path itself, or the first link on its page that matches. */
async function pathOf(page: string | Found): Promise<string> {
  if (typeof page === "string") return page;
  const { html } = await visit(page.on, false, Number.POSITIVE_INFINITY);
  const link = new RegExp(`href="(${page.link.source})"`).exec(mainOf(html))?.[1];
  if (!link) throw new Error(`no link ${page.link} on ${page.on}`);
  return page.as ? page.as(link) : link;
}

const COMPLEX = /\/novostroyki\/[a-z0-9-]+-\d+\//;

/** Pages of every type (the compiler asks for each PageId); those without data of their own stay pages. */
const PAGES: Record<PageId, readonly (string | Found)[]> = {
  home: ["/"],
  listing: ["/novostroyki/", "/novostroyki/moskva/?page=2", "/novostroyki/?commute_to=7&commute_max=45"],
  map: ["/novostroyki/na-karte/"],
  complex: [{ on: "/novostroyki/", link: COMPLEX }],
  apartments: ["/kvartiry/", "/kvartiry/studii/"],
  apartment: [{ on: "/kvartiry/", link: /\/kvartiry\/kvartira-\d+\// }],
  journal: ["/journal/ipoteka/"],
  article: [{ on: "/journal/", link: /\/journal\/[a-z0-9-]+\/[a-z0-9-]+\// }],
  companies: ["/companies/"],
  "companies-type": ["/companies/developers/"],
  company: [{ on: "/companies/developers/", link: /\/companies\/developers\/[a-z0-9-]+\// }],
  "location-type": ["/po-metro/"],
  location: ["/po-metro/sokol/"],
  special: ["/special/"],
  search: ["/poisk/?q=%D0%B6%D0%BA"],
  commute: ["/vremya-v-puti/"],
  compare: ["/sravnenie/"],
  lead: [
    {
      on: "/novostroyki/",
      link: COMPLEX,
      as: (complex) => `/zayavka/?complex=${/(\d+)\/$/.exec(complex)?.[1]}`,
    },
  ],
  favorites: ["/izbrannoe/"],
  ad: ["/ad/"],
  "risk-method": ["/riski-perenosa/"],
  contacts: ["/contacts/"],
  legal: ["/policy/"],
  mortgage: ["/mortgage/"],
  "test-modal": ["/test-modal/"],
  operator: ["/operator/"],
};

/** The page types whose own data reads the database: D1 down from their first call makes them a 5xx. */
const READS_DATA: ReadonlySet<PageId> = new Set([
  "home",
  "listing",
  "commute",
  "map",
  "complex",
  "apartments",
  "apartment",
  "journal",
  "article",
  "companies",
  "companies-type",
  "company",
  "location-type",
  "location",
  "special",
  "search",
  "lead",
]);

describe("D1 fails in the middle of a page's data", () => {
  // Every page type, its data's first, middle and last call the first to fail, as a person and as a bot.
  for (const [type, paths] of Object.entries(PAGES) as [PageId, (typeof PAGES)[PageId]][]) {
    it(`${type}: the page or a 5xx error page for a person and a bot alike, never a 200 error page`, async () => {
      let failed = 0;
      for (const path of await Promise.all(paths.map(pathOf))) {
        for (const bot of [false, true]) {
          const who = `${path} ${bot ? "bot" : "person"}`;
          const healthy = await visit(path, bot, Number.POSITIVE_INFINITY);
          expect(healthy.status, who).toBe(200);
          expect(healthy.html, who).not.toContain(ERROR_TEXT);
          expect(titleOf(healthy.html), who).toBeTruthy();
          const title = titleOf(healthy.html);
          const h1 = /<h1[\s>]/.test(mainOf(healthy.html));
          // The first call, one in the middle and the last.
          const last = healthy.calls - 1;
          for (const from of new Set([0, Math.floor(last / 2), last])) {
            const { status, html } = await visit(path, bot, from);
            const at = `${who}, D1 down from call ${from} of ${healthy.calls}`;
            if (status === 200) {
              expect(html, at).not.toContain(ERROR_TEXT);
              expect(titleOf(html), at).toBe(title);
              expect(/<h1[\s>]/.test(mainOf(html)), at).toBe(h1);
            } else {
              expect(status, at).toBeGreaterThanOrEqual(500);
              expect(html, at).toContain(ERROR_TEXT);
              expect(html, at).toContain('<html lang="ru">');
              expect(html, at).not.toMatch(/injected fault|at \w+ \(|D1_ERROR/);
              failed += 1;
            }
          }
        }
      }
      // A page whose own data reads the database fails with it; the others read only extras (the menu's
      // amounts, the ads), without which they are still the page.
      if (READS_DATA.has(type)) expect(failed, type).toBeGreaterThan(0);
      else expect(failed, type).toBe(0);
    }, 120_000);
  }
});

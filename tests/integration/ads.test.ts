/**
 * Advertising through the real worker, D1 and KV: the slots of the catalogue pages, the filter's and the
 * articles' banners, the per-request draw, the ad-UTM visit's reduced page, bots, the top banner's frame and
 * the edge cache's variants.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdsData } from "../../shared/schemas/ads";
import { forget } from "../../worker/cache/kv";
import { GOOGLEBOT_UA, get, getJson, HUMAN_UA, visit } from "./helpers";

interface AdRow {
  id: number;
  type: string;
  erid: string;
  is_real: number;
  slug: string;
}

const AD_ROWS = `SELECT ad.id, ad.type, ad.erid, ad.is_real, rc.slug
  FROM adverts ad JOIN residential_complexes rc ON rc.id = ad.complex_id WHERE ad.is_active = 1 ORDER BY ad.id`;

async function adRows(): Promise<AdRow[]> {
  return (await env.DB.prepare(AD_ROWS).all<AdRow>()).results;
}

interface BannerRow {
  erid: string;
  title: string;
  text: string;
  description: string;
  slug: string;
}

/** The banner a kind's place shows: the newest active one. */
async function bannerRow(kind: "top" | "filter" | "menu" | "content"): Promise<BannerRow> {
  const row = await env.DB.prepare(
    `SELECT b.erid, b.title, b.text, b.description, rc.slug FROM banners b
     JOIN residential_complexes rc ON rc.id = b.complex_id
     WHERE b.kind = ?1 AND b.is_active = 1 ORDER BY b.id DESC`,
  )
    .bind(kind)
    .first<BannerRow>();
  if (!row) throw new Error(`the seed has no ${kind} banner`);
  return row;
}

/** A journal article's page. */
async function articlePath(offset = 0): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT p.slug, c.slug AS category FROM media_posts p JOIN media_categories c ON c.id = p.category_id
     ORDER BY p.id LIMIT 1 OFFSET ?1`,
  )
    .bind(offset)
    .first<{ slug: string; category: string }>();
  if (!row) throw new Error("the seed has no articles");
  return `/journal/${row.category}/${row.slug}/`;
}

/** The markup of the page's one ad of a variant: its card, up to the end of its «Реклама» label. */
function adOf(html: string, variant: string): string {
  expect(count(html, `class="ad ad--${variant}"`), variant).toBe(1);
  const start = html.lastIndexOf("<div", html.indexOf(`class="ad ad--${variant}"`));
  const end = "</button></div></div>";
  return html.slice(start, html.indexOf(end, start) + end.length);
}

/** A banner in its card: labelled «Реклама», linked to its complex with its erid, its text shown. */
function expectBanner(card: string, banner: BannerRow) {
  expect(card).toContain(
    'aria-expanded="false">Реклама<span class="visually-hidden"> — кто рекламодатель</span>',
  );
  expect(card).toContain(`class="ad__link" href="/novostroyki/${banner.slug}/?erid=${banner.erid}"`);
  expect(card).toContain(`>${banner.title}</a>`);
  expect(card).toContain(`>${banner.text}</p>`);
}

const resetInventory = () => forget(env.KV, "ads", "inventory");

/** The ads' links of a page: each to the advertised complex, with its erid. */
const adLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*class="ad__link"[^>]*>/g)]
    .map((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? "")
    .map((href) => {
      const [path = "", erid = ""] = href.split("?erid=");
      return { path, erid };
    });

const count = (html: string, needle: string) => html.split(needle).length - 1;

/**
 * The slots every ad page has: the sidebar's two adverts and 3 tgb, the listing's 4 tgb, each labelled (and
 * so are the page's `banners`).
 */
function expectSlots(html: string, gallery: "hero" | "wide", banners = 0) {
  expect(count(html, `class="ad ad--${gallery}"`)).toBe(1);
  expect(count(html, 'class="ad ad--card"')).toBe(2);
  expect(count(html, 'class="ad ad--tgb"')).toBe(7);
  expect(count(html, 'class="ad-badge__button"')).toBe(10 + banners);
  expect(
    count(html, 'aria-expanded="false">Реклама<span class="visually-hidden"> — кто рекламодатель</span>'),
  ).toBe(10 + banners);
  // The listing's tgb row comes between the cards; the sidebar follows the list.
  const row = html.indexOf('class="ad-row"');
  expect(row).toBeGreaterThan(html.indexOf('class="listing-card"'));
  expect(html.indexOf('class="ad-sidebar"')).toBeGreaterThan(row);
}

/** Every ad link goes to its ad's complex page, /novostroyki/{slug}/, with the ad's erid. */
function expectLinksToComplexes(html: string, rows: { erid: string; slug: string }[], links = 10) {
  const found = adLinks(html);
  expect(found).toHaveLength(links);
  const byErid = new Map(rows.map((r) => [r.erid, r]));
  for (const { path, erid } of found) {
    expect(byErid.has(erid), erid).toBe(true);
    expect(path).toBe(`/novostroyki/${byErid.get(erid)?.slug}/`);
  }
}

describe("ad slots for people", () => {
  it("the home page has the hero advert, the listing's tgb and the sidebar, linked to the complexes", async () => {
    const res = await get("/?ads=home");
    expect(res.status).toBe(200);
    const html = await res.text();
    expectSlots(html, "hero");
    expect(html.indexOf('class="ad ad--hero"')).toBeLessThan(html.indexOf('class="listing-card"'));
    expectLinksToComplexes(html, await adRows());
    expect(html).toContain('"/api/v1/adverts":{');
  });

  it("a listing has the listing's gallery advert above the cards, and the filter's banner", async () => {
    const html = await (await get("/novostroyki/?ads=listing")).text();
    expectSlots(html, "wide", 1);
    expect(html.indexOf('class="ad ad--wide"')).toBeLessThan(html.indexOf('class="listing-card"'));
    expectLinksToComplexes(html, [...(await adRows()), await bannerRow("filter")], 11);
  });

  it("an ad link opens the advertised complex", async () => {
    const html = await (await get("/novostroyki/?ads=open")).text();
    const [link] = adLinks(html);
    const res = await get(`${link?.path}?erid=${link?.erid}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      `<link rel="canonical" href="https://novostroyki.example${link?.path}"/>`,
    );
  });

  it("pages without a listing or an article have no ad slots but the top banner", async () => {
    const html = await (await get("/journal/")).text();
    expect(html).not.toContain('class="ad ');
    expect(html).not.toContain("/api/v1/adverts");
    expect(html).toContain('src="/banners/top/"');
  });
});

describe("the filter's, the menu's and the articles' banners", () => {
  it("the seed has an active banner of each kind, in Russian", async () => {
    for (const kind of ["top", "filter", "menu", "content"] as const) {
      const b = await bannerRow(kind);
      expect(b.title, kind).toMatch(/^ЖК «[А-ЯЁ][^»]+»(?:: [а-яё ]+)?$/);
      expect(b.text, kind).toMatch(/^[А-ЯЁ][^a-z]+\.$/);
    }
    expect((await bannerRow("filter")).description).toMatch(
      /^Квартиры от\u00a0[\d,]+\u00a0млн\u00a0₽[,.] .+\.$/,
    );
  });

  it("a person's listing has the filter's banner beside the bar, labelled, linked with its erid", async () => {
    const banner = await bannerRow("filter");
    for (const path of ["/novostroyki/?ads=filter", "/novostroyki/moskva/?ads=filter"]) {
      const html = await (await get(path)).text();
      // The form is a lazy part: its boundary's mark comes first.
      const area = html.indexOf('<div class="filter-area filter-area--ad"><!--$--><form class="filter-bar"');
      expect(area, path).toBeGreaterThan(0);
      // After the bar, before the count of the list.
      const card = adOf(html, "filter");
      expect(html.indexOf(card), path).toBeGreaterThan(html.indexOf("</form>", area));
      expect(html.indexOf(card), path).toBeLessThan(html.indexOf('class="listing__count"'));
      expectBanner(card, banner);
      expect(card).toContain(`class="ad__description">${banner.description}</p>`);
      expect(card).toContain('class="ad__logo"');
    }
  });

  it("an article has the content banner once, between two sections, labelled and linked with its erid", async () => {
    const path = await articlePath();
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const card = adOf(html, "content");
    expectBanner(card, await bannerRow("content"));
    const body = html.slice(html.indexOf('class="article-body"'), html.indexOf(card));
    expect(count(body, "<p>") + count(body, "<ul>") + count(body, "<table>")).toBeGreaterThanOrEqual(2);
    // The next block after the banner's card is a section's heading.
    expect(html.slice(html.indexOf(card) + card.length)).toMatch(/^<h2>/);
    expect(html).toContain('"/api/v1/adverts":{');
    // Its link opens the advertised complex.
    const link = /class="ad__link" href="([^"]+)"/.exec(card)?.[1] ?? "";
    expect((await get(link)).status).toBe(200);
  });

  it("the menu's banner is not in the page: the header fetches it when its menu opens", async () => {
    const html = await (await get("/novostroyki/?ads=menu")).text();
    expect(html).not.toContain("ad--menu");
    const menu = await bannerRow("menu");
    const { body } = await getJson<AdsData>("/api/v1/adverts");
    expect(body.banners.menu?.disclaimer.erid).toBe(menu.erid);
    expect(body.banners.menu?.url).toBe(`/novostroyki/${menu.slug}/`);
    expect(body.banners.menu?.route).toBeNull();
  });

  it("a banner with a route shows on that page and the pages under it only", async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE banners SET route = '/novostroyki/moskva/' WHERE kind = 'filter'"),
      env.DB.prepare("UPDATE banners SET route = '/journal/ipoteka/' WHERE kind = 'content'"),
    ]);
    await resetInventory();
    try {
      const moscow = await (await get("/novostroyki/moskva/?ads=route")).text();
      expect(count(moscow, 'class="ad ad--filter"')).toBe(1);
      const all = await (await get("/novostroyki/?ads=route")).text();
      expect(all).not.toContain('class="ad ad--filter"');
      expect(all).toContain('<div class="filter-area"><!--$--><form class="filter-bar"');
      expect(all).toContain('class="ad ad--tgb"');

      const { results } = await env.DB.prepare(
        `SELECT p.slug, c.slug AS category FROM media_posts p JOIN media_categories c ON c.id = p.category_id
         WHERE c.slug IN ('ipoteka', 'remont-i-otdelka') GROUP BY c.slug`,
      ).all<{ slug: string; category: string }>();
      expect(results).toHaveLength(2);
      for (const { slug, category } of results) {
        const html = await (await get(`/journal/${category}/${slug}/`)).text();
        expect(count(html, 'class="ad ad--content"'), category).toBe(category === "ipoteka" ? 1 : 0);
      }
    } finally {
      await env.DB.prepare("UPDATE banners SET route = NULL").run();
      await resetInventory();
    }
  });
});

describe("the top banner", () => {
  it("is a lazy, sandboxed frame of a fixed box, titled in Russian", async () => {
    const html = await (await get("/?ads=frame")).text();
    const frame = /<div class="top-banner"><iframe ([^>]*)>/.exec(html)?.[1] ?? "";
    expect(frame).toContain('src="/banners/top/"');
    expect(frame).toContain('title="Рекламный баннер"');
    expect(frame).toContain('loading="lazy"');
    const sandbox = /sandbox="([^"]*)"/.exec(frame)?.[1]?.split(" ");
    expect(sandbox).toBeDefined();
    expect(sandbox?.includes("allow-scripts") && sandbox.includes("allow-same-origin")).toBe(false);
    expect(sandbox).not.toContain("allow-scripts");
  });

  it("is our own page: labelled, its link to the complex with the erid, no scripts, the site's CSP", async () => {
    const banner = await env.DB.prepare(
      `SELECT b.erid, b.advertiser_inn, rc.slug FROM banners b JOIN residential_complexes rc ON rc.id = b.complex_id
       WHERE b.kind = 'top' AND b.is_active = 1 ORDER BY b.id DESC`,
    ).first<{ erid: string; advertiser_inn: string; slug: string }>();
    if (!banner) throw new Error("the seed has no top banner");
    const res = await get("/banners/top/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="ru">/);
    expect(html).not.toContain("<script");
    expect(html).toContain("<summary>Реклама");
    expect(html).toContain(`erid: ${banner.erid}`);
    expect(html).toContain(`ИНН\u00a0${banner.advertiser_inn}`);
    expect(html).toContain(`href="/novostroyki/${banner.slug}/?erid=${banner.erid}" target="_top"`);
    expect(html).toContain('href="/ad/" target="_top"');
  });
});

describe("the ads call", () => {
  it("draws the slots afresh on every request, after the KV cache", async () => {
    const draws = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await get("/api/v1/adverts", { headers: { Accept: "application/json" } });
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const ads = (await res.json()) as AdsData;
      expect(ads.tgb.listing).toHaveLength(4);
      expect(ads.tgb.sidebar).toHaveLength(3);
      expect(ads.gallery.hero?.properties.position).toBe("hero");
      expect(ads.gallery.listing?.properties.position).toBe("listing");
      expect(ads.sidebar.top?.properties.position).toBe("top");
      expect(ads.sidebar.bottom?.properties.position).toBe("bottom");
      draws.add([...ads.tgb.listing, ...ads.tgb.sidebar].map((a) => a.id).join());
    }
    // Seven of twelve in order: five equal draws in a row would mean the order is cached.
    expect(draws.size).toBeGreaterThan(1);
    expect(await env.KV.get("v1:ads:inventory")).not.toBeNull();
  });

  it("refuses an unknown flag", async () => {
    expect((await getJson("/api/v1/adverts?has_adv_utm=yes")).status).toBe(400);
  });

  it("is not part of the main data", async () => {
    const { body } = await getJson<Record<string, unknown>>("/api/v1/main");
    expect(body).not.toHaveProperty("adverts");
  });
});

describe("an advertising visit (fp=1 and a campaign link)", () => {
  // Seven of the twelve tgb become is_real: an ordinary draw of 7 always shows two or more, the ad visit's
  // none (the five others, one sidebar slot left empty).
  let rows: AdRow[] = [];
  let keep: number[] = [];
  beforeAll(async () => {
    rows = await adRows();
    const tgb = rows.filter((r) => r.type === "tgb");
    keep = tgb.slice(0, 5).map((r) => r.id);
    await env.DB.prepare(
      `UPDATE adverts SET is_real = CASE WHEN id IN (${keep.join(",")}) THEN 0 ELSE 1 END WHERE type = 'tgb'`,
    ).run();
    await resetInventory();
  });
  afterAll(async () => {
    await env.DB.batch(
      rows.map((r) => env.DB.prepare("UPDATE adverts SET is_real = ?1 WHERE id = ?2").bind(r.is_real, r.id)),
    );
    await resetInventory();
  });
  const tgbIds = (html: string) => {
    const byErid = new Map(rows.map((r) => [r.erid, r]));
    return adLinks(html)
      .map((l) => byErid.get(l.erid))
      .filter((r) => r?.type === "tgb")
      .map((r) => r?.id ?? 0);
  };

  it("gets the reduced page without any is_real tgb", async () => {
    const html = await (await get("/novostroyki/?utm_source=yandex&utm_medium=cpc&fp=1&ads=reduced")).text();
    expect(html).toContain(
      '"ad":{"adv_url":"/novostroyki/?utm_source=yandex\\u0026utm_medium=cpc","has_adv_utm":true}',
    );
    expect(html).toContain('class="header"');
    for (const hidden of ['class="quick-search"', 'class="sitemap"', 'class="footer"', "header__burger"]) {
      expect(html, hidden).not.toContain(hidden);
    }
    expect(html).toContain('"/api/v1/adverts?has_adv_utm=1":{');
    expect(tgbIds(html).sort()).toEqual([...keep].sort());
  });

  it("without the filter's, the menu's or the articles' banners", async () => {
    const listing = await (await get("/novostroyki/?utm_source=yandex&fp=1&ads=banners")).text();
    expect(listing).toContain('"has_adv_utm":true');
    expect(listing).toContain('class="ad ad--tgb"');
    expect(listing).not.toContain("ad--filter");
    expect(listing).toContain('<div class="filter-area"><!--$--><form class="filter-bar"');
    const article = await (await get(`${await articlePath()}?utm_source=yandex&fp=1`)).text();
    expect(article).toContain('"has_adv_utm":true');
    expect(article).toContain('class="article-body"');
    expect(article).not.toContain("ad--content");
    const { body } = await getJson<AdsData>("/api/v1/adverts?has_adv_utm=1");
    expect(body.banners).toEqual({ filter: null, menu: null, content: null });
    for (const kind of ["filter", "menu", "content"] as const) {
      const { erid } = await bannerRow(kind);
      expect(listing).not.toContain(erid);
      expect(article).not.toContain(erid);
    }
  });

  it("on the home page too", async () => {
    const html = await (await get("/?utm_source=vk&fp=1&ads=reduced")).text();
    expect(html).not.toContain('class="footer"');
    expect(tgbIds(html).sort()).toEqual([...keep].sort());
  });

  it("while an ordinary visit, or fp=1 without a campaign link, gets the whole page and the is_real tgb", async () => {
    for (const path of ["/novostroyki/?ads=whole", "/novostroyki/?fp=1&ads=whole"]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('"has_adv_utm":false');
      for (const shown of ['class="quick-search"', 'class="sitemap"', 'class="footer"', "header__burger"]) {
        expect(html, `${path}: ${shown}`).toContain(shown);
      }
      const tgb = tgbIds(html);
      expect(tgb).toHaveLength(7);
      expect(tgb.filter((id) => !keep.includes(id)).length, path).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("bots", () => {
  it("get the page's content without any ad, banner or frame (and isBot, which keeps the chat away)", async () => {
    const rows = await adRows();
    const banners = await env.DB.prepare("SELECT erid FROM banners").all<{ erid: string }>();
    const article = await articlePath();
    for (const path of [
      "/?ads=bot",
      "/novostroyki/?ads=bot",
      "/novostroyki/moskva/?ads=bot",
      "/novostroyki/?utm_source=ya&fp=1&ads=bot",
      article,
      `${article}?utm_source=ya&fp=1`,
    ]) {
      const res = await get(path, { bot: true });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('"isBot":true');
      expect(html, path).not.toContain('class="ad ');
      expect(html, path).not.toContain("filter-area--ad");
      expect(html, path).not.toContain("<iframe");
      expect(html, path).not.toContain("Реклама<");
      expect(html, path).not.toContain("/api/v1/adverts");
      for (const { erid } of [...rows, ...banners.results]) expect(html, path).not.toContain(erid);
      // The whole page otherwise: the article, or the list of complexes with their links; the site map.
      if (path.startsWith("/journal/")) {
        expect(count(html, "<h2>"), path).toBeGreaterThan(2);
      } else {
        expect(count(html, 'class="listing-card"'), path).toBeGreaterThan(5);
        expect(html, path).toMatch(/<a [^>]*href="\/novostroyki\/[a-z0-9-]+-\d+\/"/);
      }
      expect(html, path).toContain('class="sitemap"');
      expect(html, path).toContain('"ad":{"adv_url":null,"has_adv_utm":false}');
    }
  });
});

describe("the edge cache", () => {
  const AD_VISIT = "/novostroyki/?utm_source=yandex&fp=1&edge=ads";
  it("keeps the advertising visit's reduced page, the bots' page and people's page apart", async () => {
    const reduced = await visit(AD_VISIT);
    expect(reduced.res.headers.get("X-Cache")).toBe("MISS");
    const bot = await visit(AD_VISIT, GOOGLEBOT_UA);
    expect(bot.res.headers.get("X-Cache")).toBe("MISS");
    const human = await visit("/novostroyki/?edge=ads");
    expect(human.res.headers.get("X-Cache")).toBe("MISS");

    for (let round = 0; round < 2; round++) {
      const again = {
        reduced: await visit(AD_VISIT),
        bot: await visit(AD_VISIT, GOOGLEBOT_UA),
        human: await visit("/novostroyki/?edge=ads", HUMAN_UA),
      };
      for (const v of Object.values(again)) expect(v.res.headers.get("X-Cache")).toBe("HIT");
      expect(again.reduced.html).toContain('"has_adv_utm":true');
      expect(again.reduced.html).not.toContain('class="footer"');
      expect(again.reduced.html).toContain('class="ad ad--tgb"');
      expect(again.bot.html).toContain('"isBot":true');
      expect(again.bot.html).toContain('class="footer"');
      expect(again.bot.html).not.toContain('class="ad ');
      expect(again.human.html).toContain('"isBot":false');
      expect(again.human.html).toContain('"has_adv_utm":false');
      expect(again.human.html).toContain('class="footer"');
      expect(again.human.html).toContain('class="ad ad--tgb"');
    }
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatDeadline } from "../../shared/format";
import type { ComplexDetail } from "../../shared/schemas/catalogue";
import { get, getJson, HUMAN_UA, visit } from "./helpers";

/** Visible text: tags and React's text separators gone, spaces normalised. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/[\s\u00a0]+/g, " ");

async function complexWhere(where: string): Promise<ComplexDetail> {
  const row = await env.DB.prepare(
    `SELECT id FROM residential_complexes WHERE is_published = 1 AND ${where} ORDER BY id LIMIT 1`,
  ).first<{ id: number }>();
  if (!row) throw new Error(`the seed has no complex where ${where}`);
  return (await getJson<ComplexDetail>(`/api/v1/residential-complexes/${row.id}`)).body;
}

describe("a finished complex's header", () => {
  it("says «Сдан» once and gives the quarter and year it was finished", async () => {
    const c = await complexWhere("is_finished = 1");
    const html = await (await get(c.url)).text();
    const head = /<header class="complex-head">[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    const text = textOf(head);
    expect(text.match(/Сдан/g)).toHaveLength(1);
    const last = c.houses
      .map((h) => h.deadline)
      .sort((a, b) => b.year * 10 + b.quarter - (a.year * 10 + a.quarter))[0];
    if (!last) throw new Error("the complex has no houses");
    const finished = formatDeadline(last.year, last.quarter).replace(/\u00a0/g, " ");
    expect(text).toContain(`Срок сдачи: ${finished}`);
    // The facts table says it once too: «Стадия Сдан», «Срок сдачи II кв. 2025».
    const facts = textOf(/<dl class="cx-facts">[\s\S]*?<\/dl>/.exec(html)?.[0] ?? "");
    expect(facts.match(/Сдан/g)).toHaveLength(1);
    expect(facts).toContain(`Срок сдачи ${finished.replace(/^./, (ch) => ch.toUpperCase())}`);
  });
});

describe("«от N млн ₽»", () => {
  it("is never above the cheapest apartment, where rounding to nearest would go above", async () => {
    const { body } = await getJson<{ data: { url: string; min_price: number }[] }>(
      "/api/v1/residential-complexes/grid?per_page=100",
    );
    // Complexes whose cheapest price would round up to the next 0,1 млн.
    const roundingUp = body.data.filter((c) => c.min_price >= 1e6 && c.min_price % 1e5 >= 5e4).slice(0, 4);
    expect(roundingUp.length).toBeGreaterThan(0);
    for (const c of roundingUp) {
      const title = /<title>([^<]*)<\/title>/.exec(await (await get(c.url)).text())?.[1] ?? "";
      const m = /от (\d+(?:,\d)?) млн ₽/.exec(title.replace(/\u00a0/g, " "));
      expect(m, title).not.toBeNull();
      const shown = Number(m?.[1]?.replace(",", ".")) * 1e6;
      expect(shown, title).toBeLessThanOrEqual(c.min_price);
      expect(c.min_price - shown, title).toBeLessThan(1e5);
    }
  });
});

describe("places with no complex in the catalogue", () => {
  it.each([
    ["po-metro", "subways", "?kind=metro"],
    ["po-rajonam", "districts", ""],
    ["po-shosse", "highways", ""],
  ])("on /%s/ are names without a link; the others link to their page", async (type, api, query) => {
    const { body } = await getJson<{ data: { slug: string; name: string; rc_count: number }[] }>(
      `/api/v1/locations/${api}/grid${query}`,
    );
    const empty = body.data.filter((p) => p.rc_count === 0);
    const full = body.data.filter((p) => p.rc_count > 0);
    expect(empty.length, "the seed leaves some places without complexes").toBeGreaterThan(0);
    expect(full.length).toBeGreaterThan(0);
    const html = await (await get(`/${type}/`)).text();
    for (const p of empty) expect(html).not.toContain(`href="/${type}/${p.slug}/"`);
    for (const p of full) expect(html).toContain(`href="/${type}/${p.slug}/"`);
    expect(html).toContain('class="alphabet__empty"');
  });

  it("are left out of the home page's metro list", async () => {
    const { body } = await getJson<{ data: { slug: string; rc_count: number }[] }>(
      "/api/v1/locations/subways/grid?kind=metro",
    );
    const html = await (await get("/")).text();
    const section = /aria-labelledby="metro-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(section).toContain('href="/po-metro/');
    for (const p of body.data.filter((s) => s.rc_count === 0)) {
      expect(section).not.toContain(`/po-metro/${p.slug}/"`);
    }
    expect(section).not.toContain("alphabet__empty");
  });
});

describe("/test-modal/", () => {
  it("has no English in its visible text", async () => {
    const html = await (await get("/test-modal/")).text();
    const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
    const text = textOf(main);
    expect(text).toContain("Состояние окна: закрыто");
    // Latin letters only in a key's name, as a Russian keyboard shows it.
    expect((text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => w !== "Esc")).toEqual([]);
  });
});

describe("the site's address comes from configuration (SITE_ORIGIN)", () => {
  /** A page through the app with another configured address. */
  const pageAt = async (path: string, origin: string | undefined) =>
    (await visit(path, HUMAN_UA, {}, { SITE_ORIGIN: origin })).html;

  it("writes canonical links, JSON-LD, mailboxes and sitemaps on the configured address", async () => {
    const origin = "https://novostroyki-msk.ru";
    const contacts = await pageAt("/contacts/", origin);
    expect(contacts).toContain(`<link rel="canonical" href="${origin}/contacts/"/>`);
    expect(contacts).toContain("info@novostroyki-msk.ru");
    expect(contacts).toContain(`"item":"${origin}/"`);
    expect(contacts).not.toContain("novostroyki.example");
    expect(await pageAt("/policy/", origin)).toContain("посетителей сайта <!-- -->novostroyki-msk.ru");
    expect(await pageAt("/robots.txt", origin)).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(await pageAt("/sitemap.xml", origin)).toContain(`<loc>${origin}/sitemaps/`);
  });

  it("without one, uses the address the site was reached at", async () => {
    const html = await pageAt("/contacts/", undefined);
    expect(html).toContain('<link rel="canonical" href="http://localhost/contacts/"/>');
    expect(html).not.toContain("novostroyki.example");
  });
});

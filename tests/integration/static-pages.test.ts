import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COMPANY } from "../../shared/company-info";
import { get } from "./helpers";

/** The configured public address (wrangler.toml vars). */
const SITE_ORIGIN = env.SITE_ORIGIN;
/** A company mailbox as the pages write it: on the configured domain. */
const mailbox = (box: keyof typeof COMPANY.mailbox) =>
  `${COMPANY.mailbox[box]}@${new URL(SITE_ORIGIN).hostname}`;

const STATIC_PAGES: [path: string, h1: string, mustSay: string[]][] = [
  ["/contacts/", "Контакты", [COMPANY.phone.label, mailbox("partners"), mailbox("ads"), "Застройщикам"]],
  [
    "/policy/",
    "Политика конфиденциальности",
    ["№\u00a0152-ФЗ", "Cookie и веб-аналитика", "Ваши права", mailbox("privacy")],
  ],
  [
    "/terms-of-service/",
    "Пользовательское соглашение",
    ["не является публичной офертой", "Права на материалы"],
  ],
  [
    "/data-processing-agreement/",
    "Согласие на обработку персональных данных",
    ["Срок действия и отзыв", "Даю согласие на обработку персональных данных"],
  ],
  ["/ad/", "Реклама на сайте", ["ТГБ", "Спецпроекты", "erid", "№\u00a038-ФЗ", mailbox("ads")]],
  [
    "/riski-perenosa/",
    "Как мы оцениваем риск переноса срока",
    ["Готовность дома и время до срока", "История срока", "Стадии стройки", "Иллюстрация"],
  ],
];

/** The text of the BreadcrumbList JSON-LD of a page. */
function breadcrumbList(html: string): { itemListElement: { name: string; item?: string }[] } | null {
  for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)) {
    const data = JSON.parse(m[1] ?? "null") as { "@type"?: string };
    if (data?.["@type"] === "BreadcrumbList") return data as ReturnType<typeof breadcrumbList>;
  }
  return null;
}

describe("static pages", () => {
  it.each(STATIC_PAGES)("%s: 200 with its h1, breadcrumbs, canonical and text", async (path, h1, mustSay) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${h1}</h1>`);
    expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}${path}"/>`);
    const nav = /<nav class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    expect(nav).toContain('<a href="/"');
    expect(nav).toContain(`<span aria-current="page">${h1}</span>`);
    expect(breadcrumbList(html)?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Главная", item: `${SITE_ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: h1 },
    ]);
    for (const text of mustSay) expect(html, text).toContain(text);
  });

  it("names the operator with the same details on every page that names it", async () => {
    for (const path of ["/contacts/", "/policy/", "/data-processing-agreement/"]) {
      const html = await (await get(path)).text();
      for (const detail of [COMPANY.inn, COMPANY.ogrn, COMPANY.address])
        expect(html, `${path} ${detail}`).toContain(detail);
    }
  });

  it("gives each legal document its own title although they share a page", async () => {
    const titles = await Promise.all(
      ["/policy/", "/terms-of-service/", "/data-processing-agreement/"].map(
        async (p) => /<title>([^<]*)<\/title>/.exec(await (await get(p)).text())?.[1],
      ),
    );
    expect(new Set(titles).size).toBe(3);
  });
});

describe("/mortgage/ without JavaScript", () => {
  const page = async (query: string) => {
    const res = await get(`/mortgage/${query}`, { bot: true });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("renders the payment for the URL's inputs: 10 000 000 ₽ at 10 % for 20 years is 96 502,16 ₽", async () => {
    const html = await page("?price=10000000&down=0&term=20&rate=10&type=annuity");
    expect(html).toContain("<h1>Ипотечный калькулятор</h1>");
    expect(html).toContain("96\u00a0502,16\u00a0₽");
    expect(html).toContain('value="10\u00a0000\u00a0000"');
    expect(html.match(/class="mortgage-schedule__year"/g)).toHaveLength(20);
    // Without JavaScript the form submits the inputs as the same URL's query.
    const form = /<form class="mortgage__form"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('action="/mortgage/"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<input id="mortgage-price"[^>]* name="price"/);
  });

  it("fills a price given by another page, with 20 % down and the market rate", async () => {
    const html = await page("?price=12500000");
    expect(html).toContain('value="2\u00a0500\u00a0000"');
    expect(html).toContain("Сумма кредита");
    expect(html).toContain("10\u00a0000\u00a0000\u00a0₽");
  });

  it("explains a down payment at or above the price instead of failing", async () => {
    const html = await page("?price=5000000&down=6000000");
    expect(html).toContain("Первоначальный взнос должен быть меньше стоимости квартиры");
    expect(html).not.toContain('class="mortgage-schedule"');
  });

  it("checks the programme's limits", async () => {
    const html = await page("?price=20000000&down=4000000&program=family&region=msk");
    expect(html).toContain("Условия программы «Семейная ипотека» не выполнены");
    expect(html).toContain("больше лимита программы 12\u00a0000\u00a0000\u00a0₽");
  });

  it("takes the defaults for unreadable inputs", async () => {
    const html = await page("?price=%3Cscript%3E&term=abc&type=weekly");
    expect(html).toContain('value="12\u00a0000\u00a0000"');
    expect(html).not.toContain("<script>");
  });
});

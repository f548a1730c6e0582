/** Journal, quizzes, special offers, adverts, banners, page SEO, SEO filters and the search index. */

import { DECLARATION_SITE, TGB_TEXT_MAX } from "../../../shared/ads-rules";
import { formatDeadline, formatPriceFrom } from "../../../shared/format";
import { QUIZ_STEPS } from "../../../shared/quiz";
import { SEO_FILTERS } from "../../../shared/seo-filters";
import { ARTICLES_ESCROW } from "./journal/escrow";
import { ARTICLES_IPOTEKA } from "./journal/ipoteka";
import { ARTICLES_OBZORY } from "./journal/obzory";
import { ARTICLES_PRIEMKA } from "./journal/priemka";
import { ARTICLES_REMONT } from "./journal/remont";
import type { JournalCategorySlug, SeedArticle } from "./journal/types";
import { ARTICLES_VYBOR } from "./journal/vybor";
import { familyMortgageTerms, type OfferFacts, offerDealer } from "./offers";
import type { Random } from "./prng";
import { SEO_TEXTS } from "./seo-texts";
import type { Tables } from "./tables";

export const JOURNAL_CATEGORIES: { slug: JournalCategorySlug; name: string; description: string }[] = [
  { slug: "ipoteka", name: "Ипотека", description: "Программы, ставки, расчёты и советы заёмщикам." },
  {
    slug: "escrow-i-214-fz",
    name: "Эскроу и 214-ФЗ",
    description: "Как закон защищает дольщика и что проверить в договоре.",
  },
  { slug: "kak-vybrat-zhk", name: "Как выбрать ЖК", description: "Локация, класс, застройщик, планировка." },
  {
    slug: "priemka-kvartiry",
    name: "Приёмка квартиры",
    description: "Осмотр, акт, дефекты и права покупателя.",
  },
  {
    slug: "remont-i-otdelka",
    name: "Ремонт и отделка",
    description: "Отделка от застройщика и свой ремонт.",
  },
  {
    slug: "obzory-rynka",
    name: "Обзоры рынка",
    description: "Цены, спрос и предложение в Москве и области.",
  },
];

export const ARTICLES: SeedArticle[] = [
  ...ARTICLES_IPOTEKA,
  ...ARTICLES_ESCROW,
  ...ARTICLES_VYBOR,
  ...ARTICLES_PRIEMKA,
  ...ARTICLES_REMONT,
  ...ARTICLES_OBZORY,
];

/** Reading time at 180 words a minute, as Russian texts are read on a phone. */
export function readingMinutes(article: SeedArticle): number {
  const text = article.body
    .map((b) =>
      "text" in b ? b.text : "items" in b ? b.items.join(" ") : [...b.head, ...b.rows.flat()].join(" "),
    )
    .join(" ");
  return Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 180));
}

/** The facts of the complexes `ids` an offer may name (worker/db/seed/offers.ts). */
function offerFacts(t: Tables, ids: ReadonlySet<number>): Map<number, OfferFacts> {
  const facts = new Map<number, OfferFacts>();
  for (const c of t.records("residential_complexes")) {
    if (!ids.has(Number(c.id))) continue;
    facts.set(Number(c.id), {
      houses: [],
      sale: [],
      parkingMask: Number(c.parking_mask),
      banks: JSON.parse(String(c.mortgage_banks ?? "[]")) as string[],
    });
  }
  for (const h of t.records("houses")) {
    facts.get(Number(h.complex_id))?.houses.push({
      id: Number(h.id),
      name: String(h.name),
      stage: Number(h.build_stage),
      finished: h.is_finished === 1,
      deadlineYear: Number(h.deadline_year),
      deadlineQuarter: Number(h.deadline_quarter),
    });
  }
  for (const a of t.records("living_objects")) {
    if (a.status !== 1) continue;
    facts.get(Number(a.complex_id))?.sale.push({
      houseId: Number(a.house_id),
      rooms: Number(a.rooms),
      area: Number(a.area_total),
      price: Number(a.price),
      otdelka: Number(a.otdelka),
    });
  }
  return facts;
}

/** What every ad's disclaimer says besides who placed it. */
const AD_DISCLAIMER = `Цены и условия — на дату размещения, уточняйте их в отделе продаж застройщика. Проектная декларация — на сайте ${DECLARATION_SITE}. Не является публичной офертой.`;

/** The bank that lends on a complex's flats first (its escrow bank), for adverts that speak of a mortgage. */
const bankOf = (c: Record<string, unknown>) =>
  (JSON.parse(String(c.mortgage_banks ?? "[]")) as string[])[0] ?? "";

/**
 * A text-and-picture block's text: the price and the address, the address without its region when the whole
 * would pass the block's limit (shared/ads-rules.ts), the price alone when even that would.
 */
function tgbText(price: string, address: string): string {
  const short = address.replace(/^(Москва|Московская обл\.),\s*/, "");
  return (
    [`Квартиры ${price}. ${address}`, `Квартиры ${price}. ${short}`].find((t) => t.length <= TGB_TEXT_MAX) ??
    `Квартиры ${price}.`
  );
}

const ERID_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const erid = (rnd: Random) => Array.from({ length: 11 }, () => rnd.pick([...ERID_ALPHABET])).join("");

export function generateContent(t: Tables, rnd: Random): void {
  JOURNAL_CATEGORIES.forEach((c, i) => {
    t.add("media_categories", {
      id: i + 1,
      slug: c.slug,
      name: c.name,
      description: c.description,
      sort: i + 1,
    });
  });
  const sorted = [...ARTICLES].sort(
    (a, b) => a.published.localeCompare(b.published) || a.slug.localeCompare(b.slug),
  );
  sorted.forEach((a, i) => {
    t.add("media_posts", {
      id: i + 1,
      slug: a.slug,
      category_id: JOURNAL_CATEGORIES.findIndex((c) => c.slug === a.category) + 1,
      title: a.title,
      lead: a.lead,
      body: JSON.stringify(a.body),
      tags: JSON.stringify(a.tags),
      published_at: `${a.published}T09:00:00+03:00`,
      reading_minutes: readingMinutes(a),
      views: rnd.int(150, 12000),
    });
  });

  t.add("quizzes", {
    id: 1,
    slug: "podbor-kvartiry",
    title: "Подберём квартиру за 1 минуту",
    steps: JSON.stringify(QUIZ_STEPS),
  });

  // Offers, adverts and banners point at real complexes of the catalogue.
  const complexes = t.records("residential_complexes");
  const companies = new Map(t.records("companies").map((c) => [c.id, c]));
  const pickComplex = () => rnd.pick(complexes);
  const offerComplexes = rnd.shuffle(complexes).slice(0, 25);
  const facts = offerFacts(t, new Set(offerComplexes.map((c) => Number(c.id))));
  const offerOf = offerDealer();
  let offerId = 0;
  offerComplexes.forEach((c, i) => {
    const f = facts.get(Number(c.id));
    const offer = f && offerOf(f);
    if (!offer) return;
    offerId += 1;
    t.add("special_offers", {
      id: offerId,
      complex_id: c.id,
      title: offer.title,
      sub_title: offer.subTitle,
      text: offer.text,
      color: ["#1d5bd8", "#0f7a3d", "#b4531f", "#7b4fd6", "#00838f"][i % 5] ?? "#1d5bd8",
      valid_until: `2027-0${1 + (i % 3)}-${10 + (i % 18)}`,
      sort: offerId,
    });
  });

  let advertId = 0;
  const advert = (type: "tgb" | "sidebar" | "gallery", position: string | null, isReal: boolean) => {
    const c = pickComplex();
    const dev = companies.get(c.developer_id ?? 0);
    const developer = String(dev?.name ?? "Застройщик");
    advertId += 1;
    t.add("adverts", {
      id: advertId,
      type,
      position,
      complex_id: c.id,
      title: `ЖК «${c.name}»`,
      text:
        type === "gallery"
          ? `Квартиры от застройщика ${developer}. Ипотеку выдаёт ${bankOf(c)}, есть рассрочка и отделка.`
          : tgbText(formatPriceFrom(Number(c.min_price)), String(c.address)),
      url: `/novostroyki/${c.slug}/`,
      is_real: isReal ? 1 : 0,
      developer,
      advertiser: developer,
      advertiser_inn: String(dev?.inn ?? "7700000000"),
      erid: erid(rnd),
      color: String(dev?.color ?? "#1d5bd8"),
      disclaimer_text: AD_DISCLAIMER,
      is_active: 1,
    });
  };
  for (let i = 0; i < 12; i++) advert("tgb", null, i % 3 === 0);
  for (const pos of ["top", "top", "top", "bottom", "bottom", "bottom"]) advert("sidebar", pos, false);
  for (const pos of ["hero", "hero", "hero", "listing", "listing", "listing"]) advert("gallery", pos, false);

  // The other banners of SPEC §3: the top banner (its own frame), the filter's, the menu's and the content's,
  // each on every page where its kind has a place (no route).
  let bannerId = 0;
  const banner = (
    kind: "top" | "filter" | "menu" | "content",
    title: string,
    text: string,
    description = "",
  ) => {
    const c = pickComplex();
    const dev = companies.get(c.developer_id ?? 0);
    const deadline =
      c.is_finished === 1
        ? "дом сдан"
        : `сдача — ${formatDeadline(Number(c.deadline_year), Number(c.deadline_quarter))}`;
    const fill = (s: string) =>
      s
        .replace("{name}", String(c.name))
        .replace("{price}", formatPriceFrom(Number(c.min_price)))
        .replace("{bank}", bankOf(c))
        .replace("{family}", familyMortgageTerms(bankOf(c)))
        .replace("{deadline}", deadline);
    bannerId += 1;
    t.add("banners", {
      id: bannerId,
      kind,
      complex_id: c.id,
      url: `/novostroyki/${c.slug}/`,
      title: fill(title),
      text: fill(text),
      description: fill(description),
      route: null,
      position: null,
      disclaimer_title: `ЖК «${c.name}»`,
      disclaimer_text: AD_DISCLAIMER,
      developer: String(dev?.name ?? ""),
      advertiser: String(dev?.name ?? ""),
      advertiser_inn: String(dev?.inn ?? ""),
      erid: erid(rnd),
      color: String(dev?.color ?? "#1d5bd8"),
      is_active: 1,
    });
  };
  banner(
    "filter",
    "ЖК «{name}»",
    "Скидка до 5\u00a0% при полной оплате до конца месяца.",
    "Квартиры {price}. Ипотеку выдаёт {bank}, есть рассрочка.",
  );
  banner("menu", "ЖК «{name}»", "Квартиры {price}, {deadline}.");
  banner("content", "ЖК «{name}»: семейная ипотека без удорожания", "Квартиры {price}. {family}");
  banner("top", "ЖК «{name}»: семейная ипотека без удорожания", "{family}");

  const pages: [string, string, string][] = [
    [
      "/special/",
      "Спецпредложения застройщиков — скидки и акции на квартиры",
      "Скидки, рассрочка, подарки и субсидированная ипотека от застройщиков Москвы и Подмосковья.",
    ],
    [
      "/mortgage/",
      "Ипотечный калькулятор для новостроек",
      "Рассчитайте платёж по ипотеке: рыночная ставка, семейная и IT-ипотека, график платежей.",
    ],
    [
      "/journal/",
      "Журнал о новостройках: ипотека, выбор ЖК, приёмка квартиры",
      "Статьи для покупателей новостроек: как выбрать ЖК, проверить застройщика, оформить ипотеку и принять квартиру.",
    ],
    [
      "/companies/",
      "Застройщики и агентства недвижимости Москвы",
      "Каталог застройщиков и агентств: жилые комплексы, сданные и строящиеся дома.",
    ],
  ];
  for (const [url, title, description] of pages)
    t.add("pages", { url, title, description, h1: null, text: "" });

  SEO_FILTERS.forEach((f, i) => {
    t.add("seo_filters", {
      id: i + 1,
      path: f.path,
      title: SEO_TEXTS[f.path].title,
      h1: f.h1,
      description: SEO_TEXTS[f.path].description,
      filter: JSON.stringify(f.filter),
    });
  });

  // The search index: names folded ё → е; the display name in `extra`.
  const fold = (s: string) => s.replace(/ё/g, "е").replace(/Ё/g, "Е");
  for (const c of complexes)
    t.add("search_entities", { name: fold(`ЖК ${c.name}`), kind: "complex", entity_id: c.id, extra: c.name });
  for (const s of t.records("subway_stations"))
    t.add("search_entities", { name: fold(String(s.name)), kind: "subway", entity_id: s.id, extra: s.name });
  for (const c of companies.values()) {
    if (c.type === "developer")
      t.add("search_entities", {
        name: fold(String(c.name).replace(/[«»]/g, "")),
        kind: "developer",
        entity_id: c.id,
        extra: c.name,
      });
  }
  for (const d of t.records("districts"))
    t.add("search_entities", {
      name: fold(String(d.name)),
      kind: "district",
      entity_id: d.id,
      extra: d.name,
    });
}

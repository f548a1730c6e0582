/**
 * The named listings' page title and description (shared/seo-filters.ts has their paths, filters, labels and
 * h1): the seed stores them with those in D1 (seo_filters), and the seo-filter call answers them.
 */
import type { SeoFilterPath } from "../../../shared/seo-filters";

const d = (what: string) =>
  `${what}: цены от застройщиков, планировки, сроки сдачи и отделка. Подберите квартиру в новостройке по фильтрам.`;

export const SEO_TEXTS: Record<SeoFilterPath, { title: string; description: string }> = {
  moskva: {
    title: "Новостройки Москвы — купить квартиру от застройщика",
    description: d("Новостройки в Москве в пределах старых границ"),
  },
  "novaya-moskva": {
    title: "Новостройки Новой Москвы — квартиры от застройщика",
    description: d("Новостройки Новой Москвы: Новомосковский и Троицкий округа"),
  },
  podmoskove: {
    title: "Новостройки Подмосковья — квартиры в Московской области",
    description: d("Новостройки Московской области"),
  },
  "dlya-investitsiy": {
    title: "Новостройки для инвестиций — ЖК на ранней стадии строительства",
    description: d("Квартиры на старте продаж и на ранних стадиях строительства"),
  },
  "s-otdelkoy": {
    title: "Новостройки с отделкой — квартиры с ремонтом от застройщика",
    description: d("Квартиры в новостройках с чистовой отделкой"),
  },
  "bez-otdelki": {
    title: "Новостройки без отделки — квартиры под свой ремонт",
    description: d("Квартиры в новостройках без отделки"),
  },
  "u-mck": {
    title: "Новостройки у МЦК — ЖК рядом со станциями центрального кольца",
    description: d("Новостройки в пешей доступности от станций МЦК"),
  },
  "u-metro": {
    title: "Новостройки у метро — ЖК в пешей доступности от станций",
    description: d("Новостройки в 15 минутах пешком от метро"),
  },
  "na-karte": {
    title: "Новостройки Москвы и Подмосковья на карте",
    description: d("Все новостройки Москвы и Подмосковья на карте"),
  },
};

/**
 * The named listing pages under /novostroyki/{path}/ that the header menu links to. Each is a filter with
 * its own title, h1 and description; they are also stored in D1 (seo_filters) for the seo-filter call.
 * Location-based values are slugs (resolved to ids by the loader), so these stay stable across seeds.
 */
import { type CatalogueFilter, REGION_IDS } from "./filters/catalogue";

export interface SeoFilterDef {
  path: string;
  /** Short label for menus. */
  label: string;
  h1: string;
  title: string;
  description: string;
  filter: {
    region?: "moskva" | "novaya-moskva" | "moskovskaya-oblast";
    otdelka?: number;
    build_class?: number[];
    near?: "metro" | "mcc";
    investment?: true;
    view?: "map";
  };
}

const d = (what: string) =>
  `${what}: цены от застройщиков, планировки, сроки сдачи и отделка. Подберите квартиру в новостройке по фильтрам.`;

export const SEO_FILTERS: readonly SeoFilterDef[] = [
  {
    path: "moskva",
    label: "Москва",
    h1: "Новостройки Москвы",
    title: "Новостройки Москвы — купить квартиру от застройщика",
    description: d("Новостройки в Москве в пределах старых границ"),
    filter: { region: "moskva" },
  },
  {
    path: "novaya-moskva",
    label: "Новая Москва",
    h1: "Новостройки Новой Москвы",
    title: "Новостройки Новой Москвы — квартиры от застройщика",
    description: d("Новостройки Новой Москвы: Новомосковский и Троицкий округа"),
    filter: { region: "novaya-moskva" },
  },
  {
    path: "podmoskove",
    label: "Подмосковье",
    h1: "Новостройки Подмосковья",
    title: "Новостройки Подмосковья — квартиры в Московской области",
    description: d("Новостройки Московской области"),
    filter: { region: "moskovskaya-oblast" },
  },
  {
    path: "dlya-investitsiy",
    label: "Для инвестиций",
    h1: "Новостройки для инвестиций",
    title: "Новостройки для инвестиций — ЖК на ранней стадии строительства",
    description: d("Квартиры на старте продаж и на ранних стадиях строительства"),
    filter: { investment: true },
  },
  {
    path: "s-otdelkoy",
    label: "С отделкой",
    h1: "Новостройки с отделкой",
    title: "Новостройки с отделкой — квартиры с ремонтом от застройщика",
    description: d("Квартиры в новостройках с чистовой отделкой"),
    filter: { otdelka: 3 },
  },
  {
    path: "bez-otdelki",
    label: "Без отделки",
    h1: "Новостройки без отделки",
    title: "Новостройки без отделки — квартиры под свой ремонт",
    description: d("Квартиры в новостройках без отделки"),
    filter: { otdelka: 2 },
  },
  {
    path: "u-mck",
    label: "Рядом с МЦК",
    h1: "Новостройки рядом с МЦК",
    title: "Новостройки у МЦК — ЖК рядом со станциями центрального кольца",
    description: d("Новостройки в пешей доступности от станций МЦК"),
    filter: { near: "mcc" },
  },
  {
    path: "u-metro",
    label: "Рядом с метро",
    h1: "Новостройки рядом с метро",
    title: "Новостройки у метро — ЖК в пешей доступности от станций",
    description: d("Новостройки в 15 минутах пешком от метро"),
    filter: { near: "metro" },
  },
  {
    path: "na-karte",
    label: "На карте",
    h1: "Новостройки на карте",
    title: "Новостройки Москвы и Подмосковья на карте",
    description: d("Все новостройки Москвы и Подмосковья на карте"),
    filter: { view: "map" },
  },
];

export function findSeoFilter(path: string): SeoFilterDef | undefined {
  return SEO_FILTERS.find((f) => f.path === path.replace(/^\/+|\/+$/g, ""));
}

/** A named page's filter in the catalogue's terms. */
export function seoFilterToCatalogue(f: SeoFilterDef["filter"]): CatalogueFilter {
  const out: CatalogueFilter = {};
  if (f.region) out.regions = [REGION_IDS[f.region]];
  if (f.otdelka) out.otdelka = [f.otdelka];
  if (f.build_class) out.build_class = [...f.build_class];
  if (f.near) out.near = f.near;
  if (f.investment) out.investment = true;
  return out;
}

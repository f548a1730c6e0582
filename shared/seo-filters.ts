/**
 * The named listing pages under /novostroyki/{path}/ that the header menu links to: each is a filter with a
 * menu label and an h1. Their title and description are the seed's (worker/db/seed/seo-texts.ts): stored with
 * these in D1 (seo_filters), the seo-filter call answers them, so the pages' code carries none of that text.
 * Location-based values are slugs (resolved to ids by the loader), so these stay stable across seeds.
 */
import { type CatalogueFilter, REGION_IDS } from "./filters/catalogue";
import type { RouteMatch } from "./routes";

export interface SeoFilterDef {
  path: string;
  /** Short label for menus. */
  label: string;
  h1: string;
  filter: {
    region?: "moskva" | "novaya-moskva" | "moskovskaya-oblast";
    otdelka?: number;
    build_class?: number[];
    near?: "metro" | "mcc";
    investment?: true;
    view?: "map";
  };
}

export const SEO_FILTERS = [
  { path: "moskva", label: "Москва", h1: "Новостройки Москвы", filter: { region: "moskva" } },
  {
    path: "novaya-moskva",
    label: "Новая Москва",
    h1: "Новостройки Новой Москвы",
    filter: { region: "novaya-moskva" },
  },
  {
    path: "podmoskove",
    label: "Подмосковье",
    h1: "Новостройки Подмосковья",
    filter: { region: "moskovskaya-oblast" },
  },
  {
    path: "dlya-investitsiy",
    label: "Для инвестиций",
    h1: "Новостройки для инвестиций",
    filter: { investment: true },
  },
  { path: "s-otdelkoy", label: "С отделкой", h1: "Новостройки с отделкой", filter: { otdelka: 3 } },
  { path: "bez-otdelki", label: "Без отделки", h1: "Новостройки без отделки", filter: { otdelka: 2 } },
  { path: "u-mck", label: "Рядом с МЦК", h1: "Новостройки рядом с МЦК", filter: { near: "mcc" } },
  { path: "u-metro", label: "Рядом с метро", h1: "Новостройки рядом с метро", filter: { near: "metro" } },
  { path: "na-karte", label: "На карте", h1: "Новостройки на карте", filter: { view: "map" } },
] as const satisfies readonly SeoFilterDef[];

/** A named listing's path. */
export type SeoFilterPath = (typeof SEO_FILTERS)[number]["path"];

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

/** The base filter of a /novostroyki/{path}/ page: none for the whole catalogue, null for an unknown path. */
export function namedListingBase(match: RouteMatch): CatalogueFilter | null {
  const path = (match.params["*"] ?? "").replace(/\/+$/, "");
  if (!path) return {};
  const seo = findSeoFilter(path);
  return seo ? seoFilterToCatalogue(seo.filter) : null;
}

/**
 * Header menu of SPEC §2: the Новостройки dropdown columns, the price quick links and the main items. A
 * dropdown link says what its amount counts (SPEC §3 «Menu link … amount»): the worker counts it
 * (worker/loaders/main.ts loadMenuAmounts), the header shows the number beside the label.
 */
import { PRICE_BANDS, ROOM_SLUGS } from "./constants";
import { type CatalogueFilter, filterToUrlQuery } from "./filters/catalogue";
import { REGIONS } from "./geo/regions";
import { href } from "./routes";
import { SEO_FILTERS, seoFilterToCatalogue } from "./seo-filters";

export interface MenuLink {
  label: string;
  to: string;
}

/** What a dropdown link's amount counts: the complexes of a catalogue filter or the apartments of some rooms. */
export type MenuCount = { complexes: CatalogueFilter } | { apartments: { rooms?: number[] } };

export interface CountedLink extends MenuLink {
  count: MenuCount;
}

/** The answer of /main/menu: each counted link's amount by its `to`. */
export interface MenuAmounts {
  data: Record<string, number>;
}

/** A named listing page of shared/seo-filters.ts, counted by its own filter. */
function listing(path: string): CountedLink {
  const def = SEO_FILTERS.find((f) => f.path === path);
  if (!def) throw new Error(`no seo filter ${path}`);
  return {
    label: def.label,
    to: href("listing", { "*": path }),
    count: { complexes: seoFilterToCatalogue(def.filter) },
  };
}

/** An apartments page, all or of one `/kvartiry/{slug}/` room count. */
function apartments(label: string, slug?: string): CountedLink {
  const rooms = slug === undefined ? undefined : ROOM_SLUGS.get(slug);
  return {
    label,
    to: href("apartments", slug ? { slug } : {}),
    count: { apartments: rooms === undefined ? {} : { rooms: [rooms] } },
  };
}

export const DROPDOWN_COLUMNS: { title: string; links: CountedLink[] }[] = [
  {
    title: "Где",
    links: REGIONS.map((r) => ({ label: r.label, to: r.listing, count: { complexes: { regions: [r.id] } } })),
  },
  { title: "Подборки", links: [listing("dlya-investitsiy"), listing("s-otdelkoy"), listing("bez-otdelki")] },
  { title: "Транспорт и карта", links: [listing("u-mck"), listing("u-metro"), listing("na-karte")] },
  {
    title: "Квартиры",
    links: [
      apartments("Все квартиры"),
      apartments("Студии", "studii"),
      apartments("Однокомнатные", "odnokomnatnye"),
    ],
  },
];

export const PRICE_LINKS: CountedLink[] = PRICE_BANDS.map((b) => ({
  label: b.label,
  to: `${href("listing")}${filterToUrlQuery({ price: b.price })}`,
  count: { complexes: { price: b.price } },
}));

/** A listing of the catalogue counted by its own filter, its link the listing's URL of that filter. */
function counted(label: string, complexes: CatalogueFilter) {
  return { label, to: `${href("listing")}${filterToUrlQuery(complexes)}`, count: { complexes } };
}

/**
 * The home page's figures (SPEC §3 root state `main.complexes`), each a link to the listing it counts:
 * worker/loaders/main.ts counts them with the listing's own count, so «1 640 строится» is what «Строится» finds.
 */
export const HOME_COUNTS = {
  total: counted("ЖК в каталоге", {}),
  building: counted("строится", { build_stage: [2] }),
  finished: counted("сдано", { build_stage: [3] }),
} as const satisfies Record<string, CountedLink>;

/** Every link with an amount. */
export const COUNTED_LINKS: readonly CountedLink[] = [
  ...DROPDOWN_COLUMNS.flatMap((c) => c.links),
  ...PRICE_LINKS,
];

export const MAIN_ITEMS: MenuLink[] = [
  { label: "Спецпредложения", to: href("special") },
  { label: "Журнал", to: href("journal") },
  { label: "Застройщики", to: href("companies-type", { type: "developers" }) },
];

export const SITE_MAP: { title: string; links: MenuLink[] }[] = [
  {
    title: "Новостройки",
    links: [
      { label: "Все новостройки", to: href("listing") },
      listing("moskva"),
      listing("novaya-moskva"),
      listing("podmoskove"),
      { label: "Квартиры", to: href("apartments") },
    ],
  },
  {
    title: "Поиск по расположению",
    links: [
      { label: "По метро", to: href("by-location-type", { type: "po-metro" }) },
      { label: "По районам Москвы", to: href("by-location-type", { type: "po-rajonam" }) },
      { label: "По округам", to: href("by-location-type", { type: "po-okrugam" }) },
      { label: "По шоссе", to: href("by-location-type", { type: "po-shosse" }) },
      { label: "По городам", to: href("by-location-type", { type: "po-gorodam" }) },
    ],
  },
  {
    title: "Сервисы",
    links: [
      { label: "Ипотечный калькулятор", to: href("mortgage") },
      { label: "Спецпредложения", to: href("special") },
      { label: "Журнал", to: href("journal") },
      { label: "Застройщики", to: href("companies-type", { type: "developers" }) },
      { label: "Агентства", to: href("companies-type", { type: "agencies" }) },
    ],
  },
  {
    title: "О сайте",
    links: [
      { label: "Контакты", to: href("contacts") },
      { label: "Реклама на сайте", to: href("ad") },
      { label: "Политика конфиденциальности", to: href("policy") },
      { label: "Пользовательское соглашение", to: href("terms-of-service") },
      { label: "Согласие на обработку данных", to: href("data-processing-agreement") },
    ],
  },
];

/**
 * The menus as the header and the site map show them, labels and addresses only: the worker hands them to
 * the browser in the boot data (shared/boot.ts), so the app shell carries none of the tables behind them.
 */
export interface Menus {
  dropdown: { title: string; links: MenuLink[] }[];
  prices: MenuLink[];
  main: MenuLink[];
  siteMap: { title: string; links: MenuLink[] }[];
}

const shown = ({ label, to }: MenuLink): MenuLink => ({ label, to });

export const MENUS: Menus = {
  dropdown: DROPDOWN_COLUMNS.map((c) => ({ title: c.title, links: c.links.map(shown) })),
  prices: PRICE_LINKS.map(shown),
  main: MAIN_ITEMS,
  siteMap: SITE_MAP.map((c) => ({ title: c.title, links: c.links.map(shown) })),
};

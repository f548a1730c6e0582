/** Header menu of SPEC §2: the Новостройки dropdown columns, the price quick links and the main items. */
import { PRICE_BANDS } from "../../shared/constants";
import { filterToUrlQuery } from "../../shared/filters/catalogue";
import { REGIONS } from "../../shared/geo/regions";
import { href } from "../../shared/routes";

export interface MenuLink {
  label: string;
  to: string;
}

const listing = (path: string) => href("listing", { "*": path });
const regionLinks: MenuLink[] = REGIONS.map((r) => ({ label: r.label, to: r.listing }));

export const DROPDOWN_COLUMNS: { title: string; links: MenuLink[] }[] = [
  {
    title: "Где",
    links: [...regionLinks],
  },
  {
    title: "Подборки",
    links: [
      { label: "Для инвестиций", to: listing("dlya-investitsiy") },
      { label: "С отделкой", to: listing("s-otdelkoy") },
      { label: "Без отделки", to: listing("bez-otdelki") },
    ],
  },
  {
    title: "Транспорт и карта",
    links: [
      { label: "Рядом с МЦК", to: listing("u-mck") },
      { label: "Рядом с метро", to: listing("u-metro") },
      { label: "На карте", to: listing("na-karte") },
    ],
  },
  {
    title: "Квартиры",
    links: [
      { label: "Все квартиры", to: href("apartments") },
      { label: "Студии", to: href("apartments", { slug: "studii" }) },
      { label: "Однокомнатные", to: href("apartments", { slug: "odnokomnatnye" }) },
    ],
  },
];

export const PRICE_LINKS: MenuLink[] = PRICE_BANDS.map((b) => ({
  label: b.label,
  to: `${href("listing")}${filterToUrlQuery({ price: b.price })}`,
}));

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
      ...regionLinks,
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

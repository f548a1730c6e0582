/**
 * The catalogue's three regions, the one table of them: the seed writes them into D1 (id, slug, name, name_in),
 * and the pages phrase and link from them. The API names a complex's region by `name`.
 */
import type { RegionId } from "../mortgage";
import { href } from "../routes";

export interface Region {
  id: number;
  slug: string;
  /** As D1 and the API name it. */
  name: string;
  /** «в Московской области» */
  nameIn: string;
  /** «Московской области»: the genitive. */
  nameOf: string;
  /** «Подмосковье»: the short name of menus and the filter. */
  label: string;
  /** The named listing page of the region (shared/seo-filters.ts). */
  listing: string;
  /** «в Подмосковье»: the shorter form for titles. */
  shortIn: string;
  /** Where the mortgage programmes apply (the IT programme excludes Moscow and New Moscow). */
  mortgage: RegionId;
}

export const REGIONS: readonly Region[] = [
  {
    id: 1,
    slug: "moskva",
    name: "Москва",
    nameIn: "в Москве",
    nameOf: "Москвы",
    label: "Москва",
    listing: href("listing", { "*": "moskva" }),
    shortIn: "в Москве",
    mortgage: "msk",
  },
  {
    id: 2,
    slug: "novaya-moskva",
    name: "Новая Москва",
    nameIn: "в Новой Москве",
    nameOf: "Новой Москвы",
    label: "Новая Москва",
    listing: href("listing", { "*": "novaya-moskva" }),
    shortIn: "в Новой Москве",
    mortgage: "msk",
  },
  {
    id: 3,
    slug: "moskovskaya-oblast",
    name: "Московская область",
    nameIn: "в Московской области",
    nameOf: "Московской области",
    label: "Подмосковье",
    listing: href("listing", { "*": "podmoskove" }),
    shortIn: "в Подмосковье",
    mortgage: "mo",
  },
];

/** The region the API names, if it is one of ours. */
export const regionNamed = (name: string): Region | undefined => REGIONS.find((r) => r.name === name);

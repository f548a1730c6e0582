import type { CompanyTypeSlug } from "../../../shared/constants";
import type { CompanyType } from "../../../shared/schemas/companies";

/** The URL segment of each company type (the inverse of COMPANY_TYPES). */
export const TYPE_SEGMENTS: Record<CompanyType, CompanyTypeSlug> = {
  developer: "developers",
  agency: "agencies",
};

/** How each /companies/{type}/ is named, counted and introduced. */
export const TYPE_TEXT: Record<
  CompanyTypeSlug,
  { title: string; h1: string; forms: readonly [string, string, string]; intro: string }
> = {
  developers: {
    title: "Застройщики",
    h1: "Застройщики Москвы и Подмосковья",
    forms: ["застройщик", "застройщика", "застройщиков"],
    intro:
      "Компании, которые строят жилые комплексы в Москве и области: год основания, сданные и строящиеся ЖК, квартиры в продаже.",
  },
  agencies: {
    title: "Агентства недвижимости",
    h1: "Агентства недвижимости",
    forms: ["агентство", "агентства", "агентств"],
    intro:
      "Агентства помогают подобрать квартиру в новостройке, проверить застройщика и договор, оформить ипотеку.",
  },
};

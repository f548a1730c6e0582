/**
 * Developers and agencies as the pages name and sort them, apart from their API schemas
 * (shared/schemas/companies.ts): the company pages that need only these do not load valibot.
 */
import { COMPANY_TYPES, type CompanyTypeSlug } from "./constants";

/** A company's type in the API: developer or agency. */
export type CompanyType = (typeof COMPANY_TYPES)[CompanyTypeSlug];

/** The type of a /companies/{type}/ segment: developers → developer, agencies → agency. */
export function companyTypeOf(segment: string | undefined): CompanyType | undefined {
  return segment && segment in COMPANY_TYPES ? COMPANY_TYPES[segment as CompanyTypeSlug] : undefined;
}

/** The name people sort and recognise a company by: «Сокол Девелопмент», ГК «Сокол» → the quoted part. */
export function companySortName(name: string): string {
  return /«([^»]+)»/.exec(name)?.[1] ?? name;
}

/** Companies of each type shown on /companies/. */
export const COMPANIES_PREVIEW = 8;

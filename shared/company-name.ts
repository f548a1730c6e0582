/**
 * How a company's name is read (apart from shared/schemas/companies.ts, so the ads' monograms on every listing
 * do not load the companies' schemas).
 */

/** The name people sort and recognise a company by: «Сокол Девелопмент», ГК «Сокол» → the quoted part. */
export function companySortName(name: string): string {
  return /«([^»]+)»/.exec(name)?.[1] ?? name;
}

/** Developers and agencies: companies/grid and companies/{id}. */
import * as v from "valibot";
import { PER_PAGE_COMPANIES } from "../constants";
import { paginated, paginationEntries } from "./grid";

export const CompanyTypeSchema = v.picklist(["developer", "agency"], "укажите developer или agency");
export type { CompanyType } from "../companies";

export const CompaniesQuerySchema = v.object({
  ...paginationEntries(PER_PAGE_COMPANIES),
  "search[type]": v.optional(CompanyTypeSchema),
  /** A part of the name; case, «ё» and quotes do not matter. */
  "search[name]": v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "не длиннее 100 символов"))),
});
export type CompaniesQuery = v.InferOutput<typeof CompaniesQuerySchema>;

/** companies/{id}?type=developer answers only a company of that type. */
export const CompanyQuerySchema = v.object({ type: v.optional(CompanyTypeSchema) });
export type CompanyQuery = v.InferOutput<typeof CompanyQuerySchema>;

export const CompanyCardSchema = v.object({
  id: v.number(),
  slug: v.string(),
  type: CompanyTypeSchema,
  name: v.string(),
  /** Brand colour for the drawn monogram logo. */
  color: v.string(),
  founded_year: v.number(),
  complexes_total: v.number(),
  complexes_building: v.number(),
  complexes_finished: v.number(),
});
export type CompanyCard = v.InferOutput<typeof CompanyCardSchema>;

export const CompanyComplexSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  address: v.string(),
  /** Class code (shared/codes.ts CLASSES). */
  class: v.number(),
  deadline: v.object({ year: v.number(), quarter: v.number(), finished: v.boolean() }),
  min_price: v.number(),
  min_price_m2: v.number(),
  apartments_on_sale: v.number(),
});
export type CompanyComplex = v.InferOutput<typeof CompanyComplexSchema>;

export const CompanySchema = v.object({
  ...CompanyCardSchema.entries,
  description: v.string(),
  site: v.string(),
  phone: v.string(),
  inn: v.string(),
  /** Published complexes: those under construction first, by deadline. */
  residential_complexes: v.array(CompanyComplexSchema),
  /** Finished houses, and those finished more than a quarter after the first promised deadline. */
  record: v.object({ finished_houses: v.number(), late_houses: v.number() }),
  /**
   * Its houses by state (issue 31): finished or being built, quarters from the first promised deadline to the
   * delivery (or current) one, whether the deadline moved; `houses`: how many.
   */
  houses: v.array(
    v.object({ finished: v.boolean(), late_quarters: v.number(), moved: v.boolean(), houses: v.number() }),
  ),
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const CompaniesGridSchema = paginated(CompanyCardSchema);
export type CompaniesGrid = v.InferOutput<typeof CompaniesGridSchema>;

/** Shared parts of the grid and item calls: pagination (SPEC §3) and a path id that is a number or a slug. */
import * as v from "valibot";
import { PER_PAGE_MAX } from "../constants";
import { intParam } from "./common";

/** `page` and `per_page` of a grid query; a per_page above the cap is capped at 100 (SPEC §9). */
export const paginationEntries = (defaultPerPage: number) => ({
  page: v.optional(intParam(1, 100_000, "номер страницы — целое число от 1 до 100\u00a0000"), "1"),
  per_page: v.optional(
    v.pipe(
      intParam(1, Number.MAX_SAFE_INTEGER, "размер страницы — целое положительное число"),
      v.transform((n) => Math.min(n, PER_PAGE_MAX)),
    ),
    String(defaultPerPage),
  ),
});

export interface Pagination {
  page: number;
  per_page: number;
}

/**
 * SPEC §3's pagination: total, per_page, current_page, last_page; the sort's column and order, and every
 * column the list sorts by (a list with one order names that one).
 */
export const PageMetaSchema = v.object({
  total: v.number(),
  per_page: v.number(),
  current_page: v.number(),
  last_page: v.number(),
  sort_column: v.string(),
  sort_order: v.picklist(["asc", "desc"]),
  sortable: v.array(v.string()),
});
export type PageMeta = v.InferOutput<typeof PageMetaSchema>;

/** A grid answer: `data` plus the pagination's fields. */
export const paginated = <T extends v.GenericSchema>(item: T) =>
  v.object({ data: v.array(item), ...PageMetaSchema.entries });

export interface Paginated<T> extends PageMeta {
  data: T[];
}

/** `{id}` of an item call: the numeric id or the slug. */
export const IdOrSlugSchema = v.pipe(
  v.string(),
  v.maxLength(200, "слишком длинный идентификатор"),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "укажите числовой id или slug"),
);
export const IdParamSchema = v.object({ id: IdOrSlugSchema });

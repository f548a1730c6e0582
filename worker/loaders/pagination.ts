import type { PageMeta, Pagination } from "../../shared/schemas/grid";

export const offsetOf = ({ page, per_page }: Pagination) => (page - 1) * per_page;

/** A list's sort, «column order», and every sort it knows (the same form). */
export interface ListSort<S extends string = string> {
  sort: S;
  sorts: readonly S[];
}

const columnOf = (sort: string) => sort.split(" ")[0] ?? sort;

/**
 * The pagination fields of a grid (SPEC §3), its sort's with them; null for a page past the last one, which
 * is a 404 like an unknown id.
 */
export function pageMeta(
  total: number,
  { page, per_page }: Pagination,
  { sort, sorts }: ListSort,
): PageMeta | null {
  const last_page = Math.max(1, Math.ceil(total / per_page));
  if (page > last_page) return null;
  return {
    total,
    per_page,
    current_page: page,
    last_page,
    sort_column: columnOf(sort),
    sort_order: sort.endsWith(" asc") ? "asc" : "desc",
    sortable: [...new Set(sorts.map(columnOf))],
  };
}

/** A list with one order of its own. */
export const onlySort = (sort: string): ListSort => ({ sort, sorts: [sort] });

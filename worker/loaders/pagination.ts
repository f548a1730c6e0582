import type { PageMeta, Pagination } from "../../shared/schemas/grid";

export const offsetOf = ({ page, per_page }: Pagination) => (page - 1) * per_page;

/** The pagination fields of a grid; null for a page past the last one, which is a 404 like an unknown id. */
export function pageMeta(total: number, { page, per_page }: Pagination): PageMeta | null {
  const last_page = Math.max(1, Math.ceil(total / per_page));
  return page > last_page ? null : { total, per_page, current_page: page, last_page };
}

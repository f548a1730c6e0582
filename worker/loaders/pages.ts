import type { PageData, PageQuery } from "../../shared/schemas/pages";
import { getPageByUrl } from "../db/queries/pages";
import type { Deps } from "./deps";

export async function loadPage(deps: Deps, { url }: PageQuery): Promise<PageData> {
  const row = await getPageByUrl(deps.db, url);
  if (!row) return { seo: null, description: "" };
  return { seo: { title: row.title, description: row.description, h1: row.h1 }, description: row.text };
}

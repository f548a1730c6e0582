import type { PageData, PageQuery } from "../../shared/schemas/pages";
import { readThrough } from "../cache/kv";
import { getPageByUrl } from "../db/queries/pages";
import type { Deps } from "./deps";

/** SEO of a page by URL, cached in KV for an hour. */
export function loadPage(deps: Deps, { url }: PageQuery): Promise<PageData> {
  return readThrough(deps.kv, "page", url, 3600, async () => {
    const row = await getPageByUrl(deps.db, url);
    if (!row) return { seo: null, description: "" };
    return { seo: { title: row.title, description: row.description, h1: row.h1 }, description: row.text };
  });
}

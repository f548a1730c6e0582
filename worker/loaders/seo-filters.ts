import type { SeoFilterData } from "../../shared/schemas/main";
import { type SeoFilterDef, seoFilterToCatalogue } from "../../shared/seo-filters";
import { readThrough } from "../cache/kv";
import { getSeoFilter } from "../db/queries/seo-filters";
import type { Deps } from "./deps";

/** A named listing page by its path ("moskva", "s-otdelkoy") or id; null when there is none. */
export function loadSeoFilter(deps: Deps, pathOrId: string | number): Promise<SeoFilterData | null> {
  return readThrough(deps.kv, "seo-filter", String(pathOrId), 3600, async () => {
    const row = await getSeoFilter(deps.db, pathOrId);
    if (!row) return null;
    const def = JSON.parse(row.filter) as SeoFilterDef["filter"];
    return {
      id: row.id,
      path: row.path,
      title: row.title,
      h1: row.h1,
      description: row.description,
      filter: seoFilterToCatalogue(def),
    };
  });
}

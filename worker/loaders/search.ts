import { href } from "../../shared/routes";
import type { SearchResult } from "../../shared/schemas/main";
import { describeHits, searchEntities } from "../db/queries/search";
import type { Deps } from "./deps";

/** search/entities-by-word: complexes, stations, developers and districts whose names start with the words. */
export async function loadEntitiesByWord(deps: Deps, keyword: string): Promise<SearchResult> {
  const hits = await searchEntities(deps.db, keyword, 5);
  const d = await describeHits(deps.db, hits);
  return {
    residential_complexes: d.complexes.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      url: `/novostroyki/${c.slug}/`,
      address: c.extra ?? "",
    })),
    subway_stations: d.subways.map((s) => ({
      id: s.id,
      name: s.name,
      slug: s.slug,
      url: href("by-location-type-slug", { type: "po-metro", slug: s.slug }),
      color: s.extra ?? "#999999",
      line: s.line ?? "",
    })),
    developers: d.developers.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      url: href("company", { type: "developers", company: c.slug }),
    })),
    districts: d.districts.map((x) => ({
      id: x.id,
      name: x.name,
      slug: x.slug,
      url: href("by-location-type-slug", { type: "po-rajonam", slug: x.slug }),
    })),
  };
}

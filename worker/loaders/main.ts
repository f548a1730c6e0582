import type { MainData } from "../../shared/schemas/main";
import { readThrough } from "../cache/kv";
import { getCatalogueStats } from "../db/queries/complexes";
import { listLocations } from "../db/queries/locations";
import type { Deps } from "./deps";
import { loadPage } from "./pages";

/**
 * The home page's data (SPEC §3 root state `main`), cached in KV for 5 minutes. Its `adverts` are a call of
 * their own (loaders/adverts.ts): drawn per request and never loaded for bots.
 */
export function loadMain(deps: Deps): Promise<MainData> {
  return readThrough(deps.kv, "main", "/", 300, async () => {
    const [page, stats, subways] = await Promise.all([
      loadPage(deps, { url: "/" }),
      getCatalogueStats(deps.db),
      listLocations(deps.db, "subways", { kind: "metro" }),
    ]);
    return {
      page,
      complexes: {
        total: stats.complexes,
        building_doing_count: stats.building,
        building_finished_count: stats.finished,
      },
      catalogue: {
        min_area: stats.min_area,
        max_area: stats.max_area,
        min_price_m2: stats.min_price_m2,
        max_price_m2: stats.max_price_m2,
        apartments: stats.apartments,
      },
      subways: subways.map((s) => ({
        name: s.name,
        slug: s.slug,
        color: s.hex_color ?? "#999999",
        rc_count: s.rc_count,
      })),
    };
  });
}

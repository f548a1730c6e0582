import type { AdvertItem, MainData } from "../../shared/schemas/main";
import { readThrough } from "../cache/kv";
import { listActiveAdverts } from "../db/queries/adverts";
import { getCatalogueStats } from "../db/queries/complexes";
import { listLocations } from "../db/queries/locations";
import type { Deps } from "./deps";
import { loadPage } from "./pages";

/** The home page's data (SPEC §3 root state `main`), cached in KV for 5 minutes. */
export function loadMain(deps: Deps): Promise<MainData> {
  return readThrough(deps.kv, "main", "/", 300, async () => {
    const [page, stats, adverts, subways] = await Promise.all([
      loadPage(deps, { url: "/" }),
      getCatalogueStats(deps.db),
      listActiveAdverts(deps.db),
      listLocations(deps.db, "subways", { kind: "metro" }),
    ]);
    const items = adverts.map((a): AdvertItem => ({ ...a, is_real: a.is_real === 1 }));
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
      adverts: {
        tgb: items.filter((a) => a.type === "tgb"),
        sidebar: items.filter((a) => a.type === "sidebar"),
        gallery: items.filter((a) => a.type === "gallery"),
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

import { COUNTED_LINKS, type MenuAmounts } from "../../shared/menu";
import type { MainData } from "../../shared/schemas/main";
import { readThrough } from "../cache/kv";
import { countComplexes, getCatalogueStats } from "../db/queries/complexes";
import { countApartments } from "../db/queries/living-objects";
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

/** The header dropdown's amounts (SPEC §3 «Menu link … amount»), cached in KV for 5 minutes like `main`. */
export function loadMenuAmounts(deps: Deps): Promise<MenuAmounts> {
  return readThrough(deps.kv, "main", "menu", 300, async () => {
    const counts = await Promise.all(
      COUNTED_LINKS.map(({ count }) =>
        "complexes" in count
          ? countComplexes(deps.db, count.complexes)
          : countApartments(deps.db, count.apartments),
      ),
    );
    return { data: Object.fromEntries(COUNTED_LINKS.map((l, i) => [l.to, counts[i] ?? 0])) };
  });
}

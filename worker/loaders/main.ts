import { COUNTED_LINKS, HOME_COUNTS, type MenuAmounts } from "../../shared/menu";
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
    const [page, stats, subways, total, building, finished] = await Promise.all([
      loadPage(deps, { url: "/" }),
      getCatalogueStats(deps.db),
      listLocations(deps.db, "subways", { kind: "metro" }),
      // Each figure is a link to a listing, counted as that listing counts (shared/menu.ts HOME_COUNTS).
      countComplexes(deps.db, HOME_COUNTS.total.count.complexes),
      countComplexes(deps.db, HOME_COUNTS.building.count.complexes),
      countComplexes(deps.db, HOME_COUNTS.finished.count.complexes),
    ]);
    return {
      page,
      complexes: { total, building_doing_count: building, building_finished_count: finished },
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

import { pickAds, type RandomSource } from "../../shared/ads";
import type {
  AdInventory,
  AdsData,
  Advert,
  Banner,
  BannerKind,
  PlacedBanner,
} from "../../shared/schemas/ads";
import { readThrough } from "../cache/kv";
import { type AdvertRow, type BannerRow, listActiveAdverts, listActiveBanners } from "../db/queries/adverts";
import type { Deps } from "./deps";

function banner(r: AdvertRow | BannerRow): Banner {
  const { complex_id: id, complex_class: cls, complex_floors: floors } = r;
  return {
    id: r.id,
    url: r.url,
    properties: {
      title: r.title,
      text: r.text,
      logo: { name: r.advertiser, color: r.color },
      images: id !== null && cls !== null && floors !== null ? [{ id, cls, floors }] : [],
      position: r.position,
    },
    disclaimer: {
      title: r.disclaimer_title,
      text: r.disclaimer_text,
      developer: r.developer,
      advertiser: r.advertiser,
      inn: r.advertiser_inn,
      erid: r.erid,
    },
  };
}

/** Every active advert and the newest banner of each kind, cached in KV for 5 minutes, in database order. */
export function loadAdInventory(deps: Deps): Promise<AdInventory> {
  return readThrough(deps.kv, "ads", "inventory", 300, async () => {
    const [adverts, banners] = await Promise.all([listActiveAdverts(deps.db), listActiveBanners(deps.db)]);
    const of = (type: Advert["type"]) =>
      adverts
        .filter((r) => r.type === type)
        .map((r): Advert => ({ ...banner(r), type: r.type, is_real: r.is_real === 1 }));
    const newest = (kind: BannerKind): PlacedBanner | null => {
      const row = banners.find((b) => b.kind === kind);
      return row ? { ...banner(row), route: row.route, description: row.description } : null;
    };
    return {
      adverts: { tgb: of("tgb"), sidebar: of("sidebar"), gallery: of("gallery") },
      banners: {
        top: newest("top"),
        filter: newest("filter"),
        menu: newest("menu"),
        content: newest("content"),
      },
    };
  });
}

/** One page view's ads: drawn afresh on every request, after the cache, so no cached copy fixes an order. */
export async function loadAds(
  deps: Deps,
  hasAdvUtm: boolean,
  random: RandomSource = Math.random,
): Promise<AdsData> {
  return pickAds(await loadAdInventory(deps), hasAdvUtm, random);
}

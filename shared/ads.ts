/**
 * The advertising rules of SPEC §4, pure: the ad-UTM state of a landing URL and the per-request draw of the
 * adverts. The random source is injected, so the draw is Math.random on the server and a seeded generator
 * in tests.
 */
import { LISTING_TGB_ADS, SIDEBAR_TGB_ADS } from "./constants";
import type { PageId } from "./routes";
import {
  type AdInventory,
  type AdState,
  type AdsData,
  type Advert,
  type Banner,
  NO_AD_STATE,
  type PlacedBanner,
} from "./schemas/ads";

/** The pages with ad slots: those with a catalogue listing, and articles (the content banner). */
export const AD_PAGES: ReadonlySet<PageId> = new Set<PageId>(["home", "listing", "location", "article"]);

/** Floats in [0, 1). */
export type RandomSource = () => number;

/** Fisher–Yates: every order equally likely; the input is left as it is. */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * One page view's ads: each list shuffled, then one hero and one listing gallery advert, one top and one
 * bottom sidebar advert, 4 tgb for the listing and the next 3 for the sidebar. On an advertising visit
 * (has_adv_utm) the tgb marked is_real leave the list before anything is picked, and the reduced page gets
 * none of the filter's, the menu's and the articles' banners. A slot with nothing left stays empty.
 */
export function pickAds(inventory: AdInventory, hasAdvUtm: boolean, random: RandomSource): AdsData {
  const { adverts, banners } = inventory;
  const at = (list: readonly Advert[], position: string) =>
    shuffle(list, random).find((a) => a.properties.position === position) ?? null;
  const tgb = shuffle(
    adverts.tgb.filter((a) => !(hasAdvUtm && a.is_real)),
    random,
  );
  return {
    gallery: { hero: at(adverts.gallery, "hero"), listing: at(adverts.gallery, "listing") },
    sidebar: { top: at(adverts.sidebar, "top"), bottom: at(adverts.sidebar, "bottom") },
    tgb: {
      listing: tgb.slice(0, LISTING_TGB_ADS),
      sidebar: tgb.slice(LISTING_TGB_ADS, LISTING_TGB_ADS + SIDEBAR_TGB_ADS),
    },
    banners: hasAdvUtm
      ? { filter: null, menu: null, content: null }
      : { filter: banners.filter, menu: banners.menu, content: banners.content },
  };
}

const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"];

/**
 * SPEC §4 ad-UTM flag: set when the query has fp=1 and an ad url exists. The ad url is the landing URL of an
 * advertising campaign's link: one with utm_source (every ad platform's link has it), kept as the path and
 * its utm_* parameters. fp=1 alone (a trimmed link) or a campaign link without fp=1 leaves the page whole.
 */
export function adStateOf(url: URL): AdState {
  const q = url.searchParams;
  if (!q.get("utm_source")) return NO_AD_STATE;
  const utm = new URLSearchParams(UTM.flatMap((k) => (q.get(k) ? [[k, q.get(k) ?? ""]] : [])));
  return { adv_url: `${url.pathname}?${utm}`, has_adv_utm: q.get("fp") === "1" };
}

/**
 * The banner when it goes on the page at `pathname` (SPEC §3 route): a banner with a route shows on that page
 * and the pages under it, one without a route wherever its kind has a place.
 */
export function bannerOn(banner: PlacedBanner | null, pathname: string): PlacedBanner | null {
  const route = banner?.route;
  if (!route) return banner;
  const section = route.endsWith("/") ? route : `${route}/`;
  return pathname === route || pathname.startsWith(section) ? banner : null;
}

/** An ad's link: the advertised complex's page, with the erid token as 38-ФЗ asks of internet ads. */
export const adHref = (ad: Banner): string => `${ad.url}?erid=${encodeURIComponent(ad.disclaimer.erid)}`;

/**
 * Advertising (SPEC §3): a banner is what an ad shows and who answers for it; an advert is a banner in one of
 * the picked slots (tgb, sidebar, gallery). The catalogue has no photos, so an ad's images and logo are drawn:
 * the advertised complex's façade and the advertiser's monogram.
 */

/** A drawn view of the advertised complex (FacadeArt's props). */
export interface AdImage {
  id: number;
  cls: number;
  floors: number;
}

/** Who answers for an ad (38-ФЗ, art. 18.1): shown in the «Реклама» popup. */
export interface AdDisclaimer {
  title: string;
  text: string;
  developer: string;
  advertiser: string;
  /** The advertiser's ИНН. */
  inn: string;
  /** The ad's token from the advertising data operator (ОРД). */
  erid: string;
}

export interface Banner {
  id: number;
  /** The advertised complex's page, /novostroyki/{slug}/. */
  url: string;
  properties: {
    title: string;
    text: string;
    /** The advertiser's drawn monogram: its name and brand colour (companies have no logo files). */
    logo: { name: string; color: string };
    images: AdImage[];
    position: string | null;
  };
  disclaimer: AdDisclaimer;
}

export type AdvertType = "tgb" | "sidebar" | "gallery";

export interface Advert extends Banner {
  type: AdvertType;
  /** A paid tgb of another advertiser: an advertising visit (ad-UTM state) does not see these. */
  is_real: boolean;
}

export type BannerKind = "top" | "filter" | "menu" | "content";

/**
 * A banner of one of the site's own places (SPEC §3 Other banners): the top banner, filterBanner, bannerInMenu
 * and contentBanner. The spec's img is `properties.images[0]`, its logo `properties.logo`; the link is `url`
 * with the erid, as every ad's.
 */
export interface PlacedBanner extends Banner {
  /**
   * The spec's route: the page the banner is limited to, as a path; it shows there and on the pages under it
   * (`/novostroyki/moskva/`, `/journal/ipoteka/`). null: wherever its kind has a place. The top banner's frame
   * does not know the page around it and shows its banner everywhere.
   */
  route: string | null;
  /** The spec's description of filterBanner: a line under its text (empty for the other kinds). */
  description: string;
}

/** Every active ad, as cached in KV: the picker draws from it per request. */
export interface AdInventory {
  adverts: { tgb: Advert[]; sidebar: Advert[]; gallery: Advert[] };
  banners: Record<BannerKind, PlacedBanner | null>;
}

/** The adverts of one page view (SPEC §4 Ads) and the placed banners: `/api/v1/adverts`. */
export interface AdsData {
  gallery: { hero: Advert | null; listing: Advert | null };
  sidebar: { top: Advert | null; bottom: Advert | null };
  tgb: { listing: Advert[]; sidebar: Advert[] };
  /**
   * SPEC §3 filterBanner, bannerInMenu and contentBanner (the top banner has its own frame); none on an
   * advertising visit's reduced page.
   */
  banners: { filter: PlacedBanner | null; menu: PlacedBanner | null; content: PlacedBanner | null };
}

/** SPEC §3 Ad state: the landing URL of an advertising visit and whether the page is the reduced one. */
export interface AdState {
  adv_url: string | null;
  has_adv_utm: boolean;
}

/** The state of a visit that is not an advertising one, and of every bot's. */
export const NO_AD_STATE: AdState = { adv_url: null, has_adv_utm: false };

/**
 * The ad slots (SPEC §4 Ads): the gallery advert, the listing's tgb row and the sidebar (top advert, 3 tgb,
 * bottom advert) of the catalogue pages, and the banners of SPEC §3 (the filter's, the menu's, the
 * article's). Every slot keeps its box while the ads load (no layout shift); bots get no slots at all.
 * Imported by the pages with ads and, lazily, by the header's menu, so none of this is in the entry chunk.
 */
import { useLocation } from "react-router";
import { adHref, bannerOn } from "../../../shared/ads";
import { apiKeys } from "../../../shared/api-keys";
import type { FacadeVariant } from "../../../shared/art";
import { LISTING_TGB_ADS, SIDEBAR_TGB_ADS } from "../../../shared/constants";
import type { AdsData, Banner, PlacedBanner } from "../../../shared/schemas/ads";
import { useApi } from "../../hooks/use-api";
import { useBoot } from "../../hooks/use-boot";
import { AppLink } from "../AppLink";
import { FacadeImage } from "../art/ArtImage";
import { Monogram } from "../companies/Monogram";
import { AdBadge } from "./AdBadge";
import "./ads.css";

/**
 * hero: 16:9 picture over the text; wide: picture beside the text; card: the sidebar's; tgb: logo and text;
 * filter: the filter's banner, the logo on its picture, the text and its description; menu: the header
 * menu's, logo and text; content: the article's, a wide picture over the text.
 */
export type AdVariant = "hero" | "wide" | "card" | "tgb" | "filter" | "menu" | "content";

const ART: Partial<Record<AdVariant, { width: number; height: number; variant: FacadeVariant }>> = {
  hero: { width: 640, height: 360, variant: "evening" },
  wide: { width: 640, height: 360, variant: "day" },
  card: { width: 480, height: 300, variant: "courtyard" },
  filter: { width: 576, height: 192, variant: "day" },
  content: { width: 760, height: 190, variant: "day" },
};

function AdCard({ ad, variant }: { ad: Banner | PlacedBanner; variant: AdVariant }) {
  const { title, text, logo, images } = ad.properties;
  const image = images[0];
  const art = ART[variant];
  const description = "description" in ad ? ad.description : "";
  return (
    <div className={`ad ad--${variant}`}>
      {art && (
        <div className="ad__art">
          {image ? (
            <FacadeImage
              id={image.id}
              cls={image.cls}
              floors={image.floors}
              {...art}
              eager={variant === "hero" || variant === "wide"}
            />
          ) : (
            <Monogram name={logo.name} color={logo.color} size={96} />
          )}
          {image && variant === "filter" && (
            <span className="ad__logo">
              <Monogram name={logo.name} color={logo.color} size={32} />
            </span>
          )}
        </div>
      )}
      <div className="ad__body">
        {!art && <Monogram name={logo.name} color={logo.color} size={32} />}
        <p className="ad__title">
          <AppLink to={adHref(ad)} className="ad__link">
            {title}
          </AppLink>
        </p>
        <p className="ad__text">{text}</p>
        {description && <p className="ad__description">{description}</p>}
      </div>
      <AdBadge disclaimer={ad.disclaimer} />
    </div>
  );
}

/** One slot: the ad, its empty box while the ads load (undefined), or nothing when there is none (null). */
export function AdSlot({ ad, variant }: { ad: Banner | null | undefined; variant: AdVariant }) {
  if (ad === null) return null;
  if (ad === undefined) {
    return (
      <div className={`ad ad--${variant} ad--pending`} aria-hidden="true">
        {ART[variant] && <div className="ad__art" />}
        <div className="ad__body" />
      </div>
    );
  }
  return <AdCard ad={ad} variant={variant} />;
}

function TgbList({ ads, count }: { ads: Banner[] | undefined; count: number }) {
  const slots = ads ?? Array.from({ length: count }, () => undefined);
  return slots.map((ad, i) => <AdSlot key={ad?.id ?? `pending-${i}`} ad={ad} variant="tgb" />);
}

/** The listing's 4 tgb, in a row across the list. */
export function TgbRow({ ads }: { ads: AdsData | undefined }) {
  if (ads?.tgb.listing.length === 0) return null;
  return (
    <div className="ad-row">
      <TgbList ads={ads?.tgb.listing} count={LISTING_TGB_ADS} />
    </div>
  );
}

/**
 * The header menu's banner (SPEC §3 bannerInMenu), when its route takes in the page. Its data is the page's
 * ads where the server sent them, else one ads call for the document.
 */
export function MenuBanner() {
  const { ad } = useBoot();
  const { pathname } = useLocation();
  const { data, error } = useApi<AdsData>(apiKeys.adverts(ad.has_adv_utm));
  return <AdSlot ad={error ? null : data && bannerOn(data.banners.menu, pathname)} variant="menu" />;
}

/** Beside the list on wide screens, after it on narrow ones: the top advert, 3 tgb, the bottom advert. */
export function AdSidebar({ ads }: { ads: AdsData | undefined }) {
  return (
    <div className="ad-sidebar">
      <AdSlot ad={ads?.sidebar.top} variant="card" />
      <TgbList ads={ads?.tgb.sidebar} count={SIDEBAR_TGB_ADS} />
      <AdSlot ad={ads?.sidebar.bottom} variant="card" />
    </div>
  );
}

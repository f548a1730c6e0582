/**
 * The catalogue list's body: the gallery advert, the cards with the tgb row after the first ones, the page
 * links and the sidebar. A lazy part with buttons (Listing.tsx; the cards' ♡, the ads' «Реклама»).
 */
import type { CatalogueSort } from "../../../shared/filters/catalogue";
import { type CatalogueFilter, filterToUrlQuery } from "../../../shared/filters/catalogue";
import type { AdsData } from "../../../shared/schemas/ads";
import type { ComplexList } from "../../../shared/schemas/catalogue";
import { useRememberCommute } from "../../hooks/use-commute";
import { AppLink } from "../AppLink";
import { AdSidebar, AdSlot, TgbRow } from "../ads/Ads";
import { Pagination } from "../Pagination";
import { CardGrid } from "./ListingCard";

export interface ListingBodyProps {
  /** The list (the previous one while the next loads), undefined while the first loads or when it failed. */
  list: ComplexList | undefined;
  /** Why there is no list: a page past the last, or a failure. */
  failed: "page" | "list" | null;
  /** The page's ads (Ads.tsx useAds): null where it has none. */
  ads: AdsData | null | undefined;
  /** The listing's gallery advert above the cards (the home page shows its hero advert instead). */
  galleryAd: boolean;
  /** The page links: the page's path, the visitor's filter and order. */
  path: string;
  own: CatalogueFilter;
  sort: CatalogueSort;
}

/** The tgb row follows this many cards: two rows on a wide screen, three on a tablet. */
const TGB_AFTER = 6;

export default function ListingBody({ list, failed, ads, galleryAd, path, own, sort }: ListingBodyProps) {
  const hrefOf = (page: number) => `${path}${filterToUrlQuery(own, page, sort)}`;
  const cards = list?.data ?? [];
  // A destination shown here is the buyer's: a complex's page shows the way there (issue 32).
  useRememberCommute(list?.commute_to, own.commute_max);
  return (
    <div className={ads === null ? "listing__body" : "listing__body listing__body--ads"} data-part="listing">
      <div className="listing__main">
        {galleryAd && ads !== null && <AdSlot ad={ads?.gallery.listing} variant="wide" />}
        {failed && (
          <p className="listing__error" role="alert">
            {failed === "page" ? (
              // A page past the last (the list shrank since the link was made): the way back to its start.
              <>
                Такой страницы в списке нет. <AppLink to={hrefOf(1)}>Открыть первую страницу</AppLink>
              </>
            ) : (
              "Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз."
            )}
          </p>
        )}
        {list && cards.length === 0 && (
          <div className="listing__empty">
            <p>По этим условиям ничего не нашлось. Попробуйте расширить бюджет или убрать часть фильтров.</p>
          </div>
        )}
        {ads === null ? (
          // No ads on this page (a bot, or a page without ad slots): one unbroken grid.
          <CardGrid list={cards} commuteTo={list?.commute_to} />
        ) : (
          <>
            <CardGrid list={cards.slice(0, TGB_AFTER)} commuteTo={list?.commute_to} />
            <TgbRow ads={ads} />
            <CardGrid list={cards.slice(TGB_AFTER)} commuteTo={list?.commute_to} />
          </>
        )}
        {list && <Pagination current={list.current_page} last={list.last_page} hrefOf={hrefOf} />}
      </div>
      {ads !== null && <AdSidebar ads={ads} />}
    </div>
  );
}

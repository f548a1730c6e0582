import { bannerOn } from "../../../shared/ads";
import type { ApiKey } from "../../../shared/api-keys";
import { filterToUrlQuery, type ListQuery } from "../../../shared/filters/catalogue";
import { countOf, WORDS } from "../../../shared/format";
import type { ComplexList } from "../../../shared/schemas/catalogue";
import { fetchLatestList } from "../../api";
import { useApi } from "../../hooks/use-api";
import { AppLink } from "../AppLink";
import { AdSidebar, AdSlot, TgbRow, useAds } from "../ads/Ads";
import { Pagination } from "../Pagination";
import type { Filter } from "./Filter";
import { CardGrid } from "./ListingCard";
import "./catalogue.css";

export interface ListingProps {
  /** The page's path: the form's action and the base of page links. */
  path: string;
  /** The whole query the page lists (base merged with the visitor's own filter), and its key in the page's data. */
  query: ListQuery;
  list: ApiKey<ComplexList>;
  /** The base part, not shown as a choice. */
  base: ListQuery["filter"];
  /** The visitor's own part, from the URL. */
  own: ListQuery["filter"];
  /**
   * The filter form, from the pages that show it above their list: passed in, so a page without it (the home
   * page, the map with its own) does not load its code.
   */
  form?: typeof Filter;
  /** The listing's gallery advert above the cards (the home page shows its hero advert instead). */
  galleryAd?: boolean;
}

/** The tgb row follows this many cards: two rows on a wide screen, three on a tablet. */
const TGB_AFTER = 6;

/** The catalogue list of a page: the filter, the count, the cards, the page links and the ad slots. */
export function Listing({ path, query, list, base, own, form: Form, galleryAd = true }: ListingProps) {
  // While the next list loads, the previous one stays on screen (no empty flash between filters), but not
  // in place of a list that failed; a new list request cancels the one in flight (SPEC §4).
  const answer = useApi(list, { keepPreviousData: true, fetcher: fetchLatestList });
  const { error, isLoading } = answer;
  const data = error ? undefined : answer.data;
  const ads = useAds();
  const filterAd = ads && bannerOn(ads.banners.filter, path);
  const total = data?.total ?? 0;
  const hrefOf = (page: number) => `${path}${filterToUrlQuery(own, page, query.sort)}`;
  return (
    <section className="listing" aria-labelledby="listing-title">
      {/* The cards' titles are h3: this keeps the outline whole (h1 of the page → h2 → cards). */}
      <h2 id="listing-title" className="visually-hidden">
        Список новостроек
      </h2>
      {Form && (
        <Form
          base={base}
          value={own}
          sort={query.sort}
          total={total}
          action={path}
          ad={filterAd !== null && <AdSlot ad={filterAd} variant="filter" />}
        />
      )}
      <p className="listing__count" aria-live="polite">
        {data ? `Найдено ${countOf(total, WORDS.complex)}` : isLoading ? "Загружаем список…" : ""}
      </p>
      <div className={ads === null ? "listing__body" : "listing__body listing__body--ads"}>
        <div className="listing__main">
          {galleryAd && ads !== null && <AdSlot ad={ads?.gallery.listing} variant="wide" />}
          {error && !data && (
            <p className="listing__error" role="alert">
              {error.status === 404 && query.page > 1 ? (
                // A page past the last (the list shrank since the link was made): the way back to its start.
                <>
                  Такой страницы в списке нет. <AppLink to={hrefOf(1)}>Открыть первую страницу</AppLink>
                </>
              ) : (
                "Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз."
              )}
            </p>
          )}
          {data && data.data.length === 0 && (
            <div className="listing__empty">
              <p>
                По этим условиям ничего не нашлось. Попробуйте расширить бюджет или убрать часть фильтров.
              </p>
            </div>
          )}
          {ads === null ? (
            // No ads on this page (a bot, or a page without ad slots): one unbroken grid.
            <CardGrid list={data?.data ?? []} />
          ) : (
            <>
              <CardGrid list={data?.data.slice(0, TGB_AFTER) ?? []} />
              <TgbRow ads={ads} />
              <CardGrid list={data?.data.slice(TGB_AFTER) ?? []} />
            </>
          )}
          {data && <Pagination current={data.current_page} last={data.last_page} hrefOf={hrefOf} />}
        </div>
        {ads !== null && <AdSidebar ads={ads} />}
      </div>
    </section>
  );
}

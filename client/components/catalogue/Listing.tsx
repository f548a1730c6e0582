import { type ComponentProps, memo, Suspense } from "react";
import { bannerOn } from "../../../shared/ads";
import type { ApiKey } from "../../../shared/api-keys";
import type { ListQuery } from "../../../shared/filters/catalogue";
import { countOf, WORDS } from "../../../shared/format";
import type { ComplexList } from "../../../shared/schemas/catalogue";
import { fetchLatestList } from "../../api";
import { useApi } from "../../hooks/use-api";
import { pressablePart } from "../../lazy-press";
import type { AdSlot } from "../ads/Ads";
import { useAds } from "../ads/use-ads";
import type { Filter } from "./Filter";
import type { ListingBodyProps } from "./ListingBody";
import { sameProps } from "./same-props";
import "./catalogue.css";

/**
 * The list's body (ListingBody.tsx: the cards, the ads beside and between them, the page links) and the
 * filter's banner are lazy parts with buttons (client/lazy-press.ts; the cards' ♡, the ads' «Реклама»): the
 * server renders them, the browser loads their code after the page's, and a button or link pressed meanwhile
 * is pressed again once it has come (a link so is followed by the app's router: a document load would end an
 * advertising visit's reduced page). Their props stay the same until then.
 */
const BODY = pressablePart<ListingBodyProps>("listing", () => import("./ListingBody"), { links: true });
const FILTER_AD = pressablePart<ComponentProps<typeof AdSlot>>(
  "ad-filter",
  () => import("../ads/Ads").then((m) => ({ default: m.AdSlot })),
  { links: true },
);

/**
 * Each in its boundary, re-rendered only when its props change: a render of the boundary before its chunk has
 * come would drop the server's HTML (client/pages.ts lazyPart).
 */
const Body = memo(function Body(props: ListingBodyProps) {
  return (
    <Suspense fallback={null}>
      <BODY.Component {...props} />
    </Suspense>
  );
}, sameProps<ListingBodyProps>("own"));
/** The filter's banner: no box of its own (catalogue.css), the banner is the filter area's grid item. */
const FilterAd = memo(function FilterAd({ ad }: { ad: ComponentProps<typeof AdSlot>["ad"] }) {
  return (
    <div className="filter-area__ad" data-part="ad-filter">
      <Suspense fallback={null}>
        <FILTER_AD.Component ad={ad} variant="filter" />
      </Suspense>
    </div>
  );
});

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
          ad={filterAd !== null && <FilterAd ad={filterAd} />}
        />
      )}
      <p className="listing__count" aria-live="polite">
        {data ? `Найдено ${countOf(total, WORDS.complex)}` : isLoading ? "Загружаем список…" : ""}
      </p>
      <Body
        list={data}
        failed={error && !data ? (error.status === 404 && query.page > 1 ? "page" : "list") : null}
        ads={ads}
        galleryAd={galleryAd}
        path={path}
        own={own}
        sort={query.sort}
      />
    </section>
  );
}

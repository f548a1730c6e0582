import { memo, Suspense, useMemo } from "react";
import { apiKeys } from "../../shared/api-keys";
import { filterKeys } from "../../shared/filter-keys";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { countOf, WORDS } from "../../shared/format";
import { shouldIndex } from "../../shared/indexing";
import { filterFormKeys, ownQuery } from "../../shared/listing";
import { FIRST_VIEW } from "../../shared/map/view";
import { pageData } from "../../shared/page-data";
import { FollowButton, searchOf } from "../components/alerts/FollowButton";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Filter } from "../components/catalogue/Filter";
import { Listing } from "../components/catalogue/Listing";
import type { CatalogueMapProps } from "../components/map/CatalogueMap";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { pressablePart } from "../lazy-press";
import type { PageProps } from "../pages";

/** The page is the menu's named listing «На карте»: its h1, title and description come with the seo-filter call. */
const NAMED = "na-karte";
/** The map has no base filter: all of Moscow and the region. */
const NO_BASE: CatalogueFilter = {};

/**
 * The first view's clusters of the URL's filter and their count (closer views are asked for as the map moves),
 * the same list below the map (the page without JavaScript, and for crawlers), the form's lists and the page's
 * text.
 */
export const data = pageData({
  keys(match) {
    const q = ownQuery(match.search);
    return {
      map: filterKeys.complexMapView(q.filter, FIRST_VIEW),
      list: filterKeys.complexes(q),
      ...filterFormKeys(NO_BASE, q.filter),
      seo: apiKeys.seoFilter(NAMED),
    };
  },
});

/**
 * The map itself (CatalogueMap.tsx, with its gestures and clustering): its own chunk. A press on its buttons
 * («+», «−», «Показать все») before the chunk has come is made once the map has hydrated (client/lazy-press.ts);
 * its complexes are links meanwhile; a drag or a pinch on the server's map does nothing until then.
 */
const MAP = pressablePart<CatalogueMapProps>("map", () => import("../components/map/CatalogueMap"));
// In the browser its chunk is asked for as soon as this module runs, alongside hydration rather than after it.
if (typeof window !== "undefined") MAP.preload().catch(() => undefined);

/** Re-rendered only when its props change: the page's own renders leave the server's map as it is. */
const LazyMap = memo(function LazyMap(props: CatalogueMapProps) {
  return (
    <Suspense
      fallback={
        <div className="cmap">
          <div className="cmap__frame" />
        </div>
      }
    >
      <MAP.Component {...props} />
    </Suspense>
  );
});

/** «Новостройки на карте»: the filter, the map of every matching complex, and the same list below it. */
export default function MapPage({ match }: PageProps) {
  // One object per URL: the form resets its draft when its value changes, not whenever the map's data does.
  const query = useMemo(() => ownQuery(match.search), [match.search]);
  const keys = data.keys(match);
  const text = useApi(keys.seo).data;
  const own = query.filter;
  // The map's count: its first view's clusters hold every complex of the filter (another filter's on its
  // way: the last one's, as the map shows it meanwhile).
  const map = useApi(keys.map, { keepPreviousData: true });
  const total = map.data?.levels[0]?.reduce((n, c) => n + c[2], 0) ?? 0;
  return (
    <div className="page container">
      <PageHead
        title={text?.title ?? ""}
        description={text?.description}
        canonical={match.pathname}
        noindex={!shouldIndex(NO_BASE, match.search)}
      />
      <Breadcrumbs items={[{ label: "Новостройки", to: "/novostroyki/" }, { label: text?.h1 ?? "" }]} />
      <h1>{text?.h1}</h1>
      <FollowButton follow={searchOf(match)} label="Сохранить поиск" />
      <Filter base={NO_BASE} value={own} sort={query.sort} total={total} action={match.pathname} />
      <section className="map-page" aria-label="Карта">
        <p className="map-page__count" aria-live="polite">
          {map.data ? `На карте ${countOf(total, WORDS.complex)}` : "Загружаем карту…"}
        </p>
        {map.error && !map.data && (
          <p className="listing__error" role="alert">
            Не удалось загрузить карту. Проверьте соединение и попробуйте ещё раз.
          </p>
        )}
        {map.data && <LazyMap filter={own} />}
      </section>
      <Listing path={match.pathname} query={query} list={keys.list} base={NO_BASE} own={own} />
    </div>
  );
}

import { memo, Suspense } from "react";
import { apiKeys } from "../../shared/api-keys";
import { DEFAULT_SORT, LISTING_PER_PAGE } from "../../shared/constants";
import { filterKeys } from "../../shared/filter-keys";
import type { ListQuery } from "../../shared/filters/catalogue";
import { formatNumber } from "../../shared/format";
import { REGIONS } from "../../shared/geo/regions";
import { HOME_COUNTS } from "../../shared/menu";
import { pageData } from "../../shared/page-data";
import { AppLink } from "../components/AppLink";
import { AdSlot } from "../components/ads/Ads";
import { useAds } from "../components/ads/use-ads";
import { FacadeImage } from "../components/art/ArtImage";
import type { HomeListProps } from "../components/home/HomeList";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { pressablePart } from "../lazy-press";
import type { PageProps } from "../pages";

const TITLE = "Новостройки Москвы и Подмосковья — каталог ЖК от застройщиков";
const DESCRIPTION =
  "Каталог новостроек Москвы и Московской области: цены от застройщиков, планировки, сроки сдачи, отделка и ипотека. Фильтры по метро, району и бюджету.";

/**
 * The home page's list: the catalogue's first page. The home page's address takes no filter (the listing's
 * does, /novostroyki/?…, with its form; shared/filters/canonical.ts drops one from the home page's query), so
 * the page reads none and loads none of the filter tables.
 */
const QUERY: ListQuery = { filter: {}, page: 1, perPage: LISTING_PER_PAGE, sort: DEFAULT_SORT };

/** The page's text and figures, the list of complexes (without its form) and the special offers. */
export const data = pageData({
  keys() {
    return {
      main: apiKeys.main(),
      list: filterKeys.complexes(QUERY),
      offers: apiKeys.specialOffers(),
    };
  },
});

/**
 * The list and what follows it (HomeList.tsx): its own chunk, hydrated when it arrives; a ♡ pressed before that
 * is pressed then (client/lazy-press.ts). Memoised with props that stay the same until it has hydrated (the
 * key, and the answers SWR keeps), so that a render of the page before the chunk has arrived (the ads' draw)
 * leaves the server's HTML in place.
 */
const LIST = pressablePart<HomeListProps>("home-list", () => import("../components/home/HomeList"));
const List = memo(function List(props: Omit<HomeListProps, "query">) {
  return (
    <Suspense fallback={null}>
      <LIST.Component {...props} query={QUERY} />
    </Suspense>
  );
});

export default function HomePage({ match }: PageProps) {
  const keys = data.keys(match);
  const { data: main } = useApi(keys.main);
  const { data: offers } = useApi(keys.offers);
  const seo = main?.page.seo;
  const counts = main?.complexes;
  const ads = useAds();
  return (
    <div className="home">
      <PageHead title={seo?.title ?? TITLE} description={seo?.description || DESCRIPTION} canonical="/" />
      <section className={ads === null ? "hero" : "hero hero--ad"}>
        <div className="hero__art" aria-hidden="true">
          <FacadeImage id={7} cls={3} floors={28} width={1600} height={900} variant="evening" eager />
        </div>
        <div className="hero__content container">
          <div>
            <h1>{seo?.h1 ?? "Новостройки Москвы и Подмосковья"}</h1>
            <p className="hero__lead">
              Честные цены застройщиков, понятные фильтры и всё о каждом доме — без лишнего.
            </p>
            {counts && (
              <ul className="hero__counts">
                {(
                  [
                    [HOME_COUNTS.total, counts.total],
                    [HOME_COUNTS.building, counts.building_doing_count],
                    [HOME_COUNTS.finished, counts.building_finished_count],
                  ] as const
                ).map(([link, n]) => (
                  <li key={link.to}>
                    <AppLink to={link.to}>
                      <strong>{formatNumber(n)}</strong> {link.label}
                    </AppLink>
                  </li>
                ))}
              </ul>
            )}
            <div className="hero__links">
              {REGIONS.map((r) => (
                <AppLink key={r.slug} to={r.listing} className="chip chip--light">
                  {r.label}
                </AppLink>
              ))}
              <AppLink to="/novostroyki/" className="chip chip--light">
                Все новостройки
              </AppLink>
            </div>
          </div>
          {ads !== null && <AdSlot ad={ads?.gallery.hero} variant="hero" />}
        </div>
      </section>

      <div className="container">
        <h2 className="home__title">Новостройки в продаже</h2>
        <List list={keys.list} main={main} offers={offers} />
      </div>
    </div>
  );
}

import { Suspense } from "react";
import { apiKeys } from "../../shared/api-keys";
import { filterKeys } from "../../shared/filter-keys";
import { formatNumber } from "../../shared/format";
import { listingQuery, ownQuery } from "../../shared/listing";
import { pageData } from "../../shared/page-data";
import { SEO_FILTERS } from "../../shared/seo-filters";
import { AppLink } from "../components/AppLink";
import { AdSlot, useAds } from "../components/ads/Ads";
import { FacadeImage } from "../components/art/ArtImage";
import { Listing } from "../components/catalogue/Listing";
import type { HomeMoreProps } from "../components/home/HomeMore";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { lazyPart, type PageProps } from "../pages";

const TITLE = "Новостройки Москвы и Подмосковья — каталог ЖК от застройщиков";
const DESCRIPTION =
  "Каталог новостроек Москвы и Московской области: цены от застройщиков, планировки, сроки сдачи, отделка и ипотека. Фильтры по метро, району и бюджету.";

/** The page's text and figures, the list of complexes (without its form) and the special offers. */
export const data = pageData({
  keys(match) {
    const q = listingQuery(match);
    return {
      main: apiKeys.main(),
      list: q ? filterKeys.complexes(q) : undefined,
      offers: apiKeys.specialOffers(),
    };
  },
});

/** What follows the list (HomeMore.tsx): its own chunk, hydrated when it arrives. */
const MORE = lazyPart<HomeMoreProps>(() => import("../components/home/HomeMore"));

export default function HomePage({ match }: PageProps) {
  const keys = data.keys(match);
  const { data: main } = useApi(keys.main);
  const { data: offers } = useApi(keys.offers);
  const query = listingQuery(match);
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
                <li>
                  <strong>{formatNumber(counts.total)}</strong> ЖК в каталоге
                </li>
                <li>
                  <strong>{formatNumber(counts.building_doing_count)}</strong> строится
                </li>
                <li>
                  <strong>{formatNumber(counts.building_finished_count)}</strong> сдано
                </li>
              </ul>
            )}
            <div className="hero__links">
              {SEO_FILTERS.slice(0, 3).map((f) => (
                <AppLink key={f.path} to={`/novostroyki/${f.path}/`} className="chip chip--light">
                  {f.label}
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
        {query && keys.list && (
          <Listing
            path="/novostroyki/"
            query={query}
            list={keys.list}
            base={{}}
            own={ownQuery(match.search).filter}
            galleryAd={false}
          />
        )}
        <p>
          <AppLink to="/novostroyki/" className="button">
            Смотреть все новостройки
          </AppLink>
        </p>

        <Suspense fallback={null}>
          <MORE.Component main={main} offers={offers} />
        </Suspense>
      </div>
    </div>
  );
}

import { apiKeys } from "../../shared/api-keys";
import { filterKeys } from "../../shared/filter-keys";
import { countOf, formatArea, formatNumber, formatPrice, WORDS } from "../../shared/format";
import { listingQuery, ownQuery } from "../../shared/listing";
import { PRICE_LINKS } from "../../shared/menu";
import { pageData } from "../../shared/page-data";
import { href } from "../../shared/routes";
import { SEO_FILTERS } from "../../shared/seo-filters";
import { AppLink } from "../components/AppLink";
import { AdSlot, useAds } from "../components/ads/Ads";
import { FacadeImage } from "../components/art/ArtImage";
import { AlphabetList } from "../components/catalogue/AlphabetList";
import { Listing } from "../components/catalogue/Listing";
import { ScrollRow } from "../components/catalogue/ScrollRow";
import { PageHead } from "../components/PageHead";
import { OfferCard } from "../components/special/OfferCard";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

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

export default function HomePage({ match }: PageProps) {
  const keys = data.keys(match);
  const { data: main } = useApi(keys.main);
  const { data: offers } = useApi(keys.offers);
  const query = listingQuery(match);
  const seo = main?.page.seo;
  const figures = main?.catalogue;
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
            withFilter={false}
            galleryAd={false}
          />
        )}
        <p>
          <AppLink to="/novostroyki/" className="button">
            Смотреть все новостройки
          </AppLink>
        </p>

        {offers && offers.data.length > 0 && (
          <section className="home__section" aria-labelledby="offers-title">
            <h2 id="offers-title">
              <AppLink to={href("special")}>Спецпредложения застройщиков</AppLink>
            </h2>
            <ScrollRow label="Спецпредложения">
              {offers.data.slice(0, 10).map((o) => (
                <div key={o.id} className="scroll-row__item">
                  <OfferCard offer={o} />
                </div>
              ))}
            </ScrollRow>
          </section>
        )}

        {main && (
          <section className="home__section" aria-labelledby="metro-title">
            <h2 id="metro-title">Новостройки у метро</h2>
            <AlphabetList
              items={main.subways
                .filter((s) => s.rc_count > 0)
                .map((s, i) => ({
                  id: i + 1,
                  name: s.name,
                  slug: s.slug,
                  link_title: `Новостройки у метро ${s.name}`,
                  rc_count: s.rc_count,
                  hex_color: s.color,
                  kind: "metro",
                  line: null,
                  line_name: null,
                  parent_id: null,
                  name_in: null,
                  lat: null,
                  lng: null,
                }))}
              hrefOf={(i) => href("by-location-type-slug", { type: "po-metro", slug: i.slug })}
              moreHref={href("by-location-type", { type: "po-metro" })}
              limitGroups={2}
            />
          </section>
        )}

        <nav className="home__section" aria-labelledby="popular-title">
          <h2 id="popular-title">Популярные страницы</h2>
          <ul className="popular-pages">
            {SEO_FILTERS.map((f) => (
              <li key={f.path}>
                <AppLink to={`/novostroyki/${f.path}/`}>{f.h1}</AppLink>
              </li>
            ))}
            <li>
              <AppLink to={PRICE_LINKS[0]?.to ?? "/novostroyki/"}>
                Новостройки за {PRICE_LINKS[0]?.label}
              </AppLink>
            </li>
            <li>
              <AppLink to="/kvartiry/studii/">Квартиры-студии</AppLink>
            </li>
            <li>
              <AppLink to={href("mortgage")}>Ипотечный калькулятор</AppLink>
            </li>
          </ul>
        </nav>

        {figures && counts && (
          <section className="home__section seo-text" aria-labelledby="about-title">
            <h2 id="about-title">О каталоге</h2>
            <p>
              В каталоге {countOf(counts.total, WORDS.object)} — жилые комплексы Москвы, Новой Москвы и
              Подмосковья от эконом- до элит-класса. Сейчас в продаже{" "}
              {countOf(figures.apartments, WORDS.apartment)} площадью от {formatArea(figures.min_area)} до{" "}
              {formatArea(figures.max_area)}, стоимость квадратного метра — от{" "}
              {formatPrice(figures.min_price_m2)} до {formatPrice(figures.max_price_m2)}.
            </p>
            <p>
              Цены, планировки и сроки сдачи приходят от застройщиков; проданные квартиры пропадают из поиска,
              а не висят неделями. Фильтруйте по бюджету, комнатам, сроку сдачи, отделке, метро и району — и
              сохраняйте понравившиеся ЖК в избранное без регистрации.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

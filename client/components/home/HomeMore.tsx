/**
 * The home page after its list of complexes: the special offers, the metro stations, the popular pages and
 * the text about the catalogue. Its own chunk (client/routes/home.tsx `MORE`): below the first screen, and
 * nothing in it changes after the first paint but the rows' scrolling.
 */
import { countOf, formatArea, formatPrice, WORDS } from "../../../shared/format";
import { PRICE_LINKS } from "../../../shared/menu";
import { href } from "../../../shared/routes";
import type { MainData } from "../../../shared/schemas/main";
import type { SpecialOffers } from "../../../shared/schemas/special-offers";
import { SEO_FILTERS } from "../../../shared/seo-filters";
import { AppLink } from "../AppLink";
import { AlphabetList } from "../catalogue/AlphabetList";
import { ScrollRow } from "../catalogue/ScrollRow";
import { OfferCard } from "../special/OfferCard";

export interface HomeMoreProps {
  main: MainData | undefined;
  offers: SpecialOffers | undefined;
}

export default function HomeMore({ main, offers }: HomeMoreProps) {
  const figures = main?.catalogue;
  const counts = main?.complexes;
  return (
    <>
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
                name_of: null,
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
            Цены, планировки и сроки сдачи приходят от застройщиков; проданные квартиры пропадают из поиска, а
            не висят неделями. Фильтруйте по бюджету, комнатам, сроку сдачи, отделке, метро и району — и
            сохраняйте понравившиеся ЖК в избранное без регистрации.
          </p>
        </section>
      )}
    </>
  );
}

/**
 * The complex page (`/novostroyki/{complex}/`): where a buyer decides. Everything the server can render comes
 * with the page (`data` below); the chessboard of a house loads when it is chosen. Every choice (filters, list
 * page, house) lives in the URL.
 */
import { memo, Suspense } from "react";
import { apartmentKeys } from "../../shared/apartment-keys";
import { apiKeys } from "../../shared/api-keys";
import { filterKeys } from "../../shared/filter-keys";
import { apartmentQueryOf } from "../../shared/filters/apartments";
import { countOf, formatPriceFrom, formatPricePerMeterFrom, WORDS } from "../../shared/format";
import { pageData } from "../../shared/page-data";
import {
  COMPLEX_APARTMENTS_PER_PAGE,
  complexIdOf,
  DEVELOPER_COMPLEXES,
  houseIdOf,
} from "../../shared/page-keys";
import { AppLink } from "../components/AppLink";
import { FollowButton } from "../components/alerts/FollowButton";
import { Breadcrumbs } from "../components/Breadcrumbs";
import type { ComplexSectionsProps } from "../components/complex/ComplexSections";
import type { GalleryProps } from "../components/complex/Gallery";
import type { LeadPartProps } from "../components/complex/LeadPart";
import { LightBoxProvider } from "../components/complex/LightBox";
import { linkTo } from "../components/complex/link-to";
import { SECTIONS } from "../components/complex/parts";
import { StationList } from "../components/complex/Stations";
import {
  classLabel,
  complexTitle,
  deadlinesOf,
  regionIn,
  regionPath,
  stationDistance,
  stationName,
} from "../components/complex/text";
import { useHashScroll } from "../components/complex/use-hash-scroll";
import { PageHead } from "../components/PageHead";
import { PageLoading } from "../components/PageLoading";
import { useApi } from "../hooks/use-api";
import { pressablePart } from "../lazy-press";
import type { PageProps } from "../pages";

/**
 * The gallery (Gallery.tsx): its own chunk, hydrated when it arrives; a picture pressed before that opens then
 * (client/lazy-press.ts). Memoised: its props stay the same until it has hydrated (the complex is the
 * answer's object), so the page's renders leave the server's HTML in place.
 */
const GALLERY = pressablePart<GalleryProps>("gallery", () => import("../components/complex/Gallery"));
const GalleryPart = memo(function GalleryPart(props: GalleryProps) {
  return (
    <Suspense fallback={null}>
      <GALLERY.Component {...props} />
    </Suspense>
  );
});

/**
 * The phone and the request buttons (LeadPart.tsx), memoised like the gallery: a request button pressed before
 * its chunk has arrived opens the dialog then, as it does after.
 */
const LEAD = pressablePart<LeadPartProps>("lead-actions", () => import("../components/complex/LeadPart"), {
  links: true,
});
// Both on the first screen: asked for as soon as the page's module runs (a client-side visit shows them sooner).
if (typeof window !== "undefined") void Promise.all([GALLERY.preload(), LEAD.preload()]);

/**
 * Everything below the section links (ComplexSections.tsx), one lazy part; memoised like the gallery (the
 * match, the complex and the page's data stay the same objects until it has hydrated).
 */
const Sections = memo(function Sections(props: ComplexSectionsProps) {
  return (
    <Suspense fallback={null}>
      <SECTIONS.Component {...props} />
    </Suspense>
  );
});

const Lead = memo(function Lead(props: LeadPartProps) {
  return (
    <Suspense fallback={null}>
      <LEAD.Component {...props} />
    </Suspense>
  );
});

/**
 * The complex (its stations with their coordinates, for the map), a page of its apartments, its room types,
 * similar complexes, and then the chosen house's chessboard (`?korpus=…`) and the developer's other complexes.
 */
export const data = pageData({
  keys(match) {
    const id = complexIdOf(match);
    return {
      complex: apiKeys.complex(id),
      apartments: apartmentKeys.apartments(
        apartmentQueryOf(match.search, COMPLEX_APARTMENTS_PER_PAGE, { complex: id }),
      ),
      groups: apiKeys.apartmentGroups(id),
      similar: apiKeys.similarComplexes(id),
    };
  },
  // A house that is not the complex's leaves the page whole, with a note instead of the chessboard.
  more(match, { complex }) {
    if (!complex) return { house: undefined, developer: undefined };
    const house = complex.houses.find((h) => h.id === houseIdOf(match.search));
    return {
      house: house ? apiKeys.houseStats(complex.id, house.id) : undefined,
      developer: filterKeys.complexes({
        filter: { developers: [complex.developer.id] },
        page: 1,
        perPage: DEVELOPER_COMPLEXES,
        sort: "price desc",
      }),
    };
  },
  canonical: (_, { complex }) => complex?.url ?? null,
});

export default function ComplexPage({ match }: PageProps) {
  const keys = data.keys(match);
  const complex = useApi(keys.complex);
  const groups = useApi(keys.groups);
  const c = complex.data;
  useHashScroll();
  if (complex.error) throw complex.error;
  if (!c) return <PageLoading />;

  const title = complexTitle(c.name);
  const to = (changes: Record<string, string | null>, hash: string) =>
    linkTo(c.url, match.search, changes, hash);
  const nearest = c.stations[0];
  const description = `${title} ${regionIn(c.region)} от застройщика ${c.developer.name}: ${countOf(c.apartments_on_sale, WORDS.apartment)} в продаже ${formatPriceFrom(c.min_price)}, ${classLabel(c.class_name).toLowerCase()}, срок сдачи — ${deadlinesOf(c.houses, c.deadline)}.${nearest ? ` ${stationName(nearest)}${nearest.minutes === null ? "" : ` — ${stationDistance(nearest)}`}.` : ""} Планировки, шахматка, ипотека.`;

  return (
    <LightBoxProvider>
      <div className="page container complex-page">
        <PageHead
          title={`${title} ${regionIn(c.region)} — квартиры ${formatPriceFrom(c.min_price)}`}
          description={description}
          canonical={c.url}
        />
        <Breadcrumbs
          items={[
            { label: "Новостройки", to: "/novostroyki/" },
            { label: c.region, to: regionPath(c.region) },
            { label: title },
          ]}
        />

        <header className="complex-head">
          <h1>{title}</h1>
          <ul className="cx-badges">
            <li className="cx-badge">{classLabel(c.class_name)}</li>
            <li className={`cx-badge cx-badge--stage-${c.build_stage}`}>{c.build_stage_name}</li>
            <li className="cx-badge">{`Срок сдачи: ${deadlinesOf(c.houses, c.deadline)}`}</li>
          </ul>
          <p className="complex-head__line">
            Застройщик <AppLink to={`/companies/developers/${c.developer.slug}/`}>{c.developer.name}</AppLink>
          </p>
          <p className="complex-head__line">
            <a href="#na-karte">{c.address}</a>
          </p>
          <StationList stations={c.stations} />
        </header>

        <div className="complex-top">
          <GalleryPart complex={c} name={title} />
          <aside className="price-card" aria-label="Цены">
            <p className="cx-price cx-price--large">{formatPriceFrom(c.min_price)}</p>
            <p className="price-card__m2">{formatPricePerMeterFrom(c.min_price_m2)}</p>
            <p className="price-card__count">{countOf(c.apartments_on_sale, WORDS.apartment)} в продаже</p>
            <ul className="price-card__rooms">
              {(groups.data?.data ?? []).map((g) => (
                <li key={g.rooms}>
                  <AppLink to={to({ rooms: String(g.rooms), page: null }, "kvartiry")}>{g.label}</AppLink>
                  <span>{formatPriceFrom(g.min_price)}</span>
                </li>
              ))}
            </ul>
            <a className="button" href="#kvartiry">
              Смотреть квартиры
            </a>
            <a className="button button--ghost" href="#shahmatka">
              Шахматка
            </a>
            <Lead complex={c.id} subject={title} />
            <FollowButton follow={{ kind: "complex", id: c.id }} label="Следить за ЖК" />
          </aside>
        </div>

        <nav className="section-nav" aria-label="Разделы страницы">
          <a href="#kvartiry">Квартиры</a>
          <a href="#shahmatka">Корпуса и шахматка</a>
          <a href="#hod-stroitelstva">Ход строительства</a>
          <a href="#ipoteka">Ипотека</a>
          <a href="#na-karte">Расположение</a>
          <a href="#o-zhk">О ЖК</a>
          <a href="#dokumenty">Документы</a>
        </nav>

        <Sections match={match} complex={c} page={data} />
      </div>
    </LightBoxProvider>
  );
}

/**
 * The apartments pages: `/kvartiry/` (all apartments on sale, or one room type by its slug),
 * `/kvartiry/novostroyka/{complex}/` (one complex, grouped by room type) and `/kvartiry/kvartira-{id}/` (one
 * apartment: its plan, facts, mortgage and complex). What a URL shows is shared/page-keys.ts apartmentsView.
 */
import { apiKeys } from "../../shared/api-keys";
import { ROOM_LABELS, ROOMS } from "../../shared/codes";
import { filterKeys } from "../../shared/filter-keys";
import { apartmentUrlQuery } from "../../shared/filters/apartments";
import { countOf, deadlineLine, formatArea, formatPrice, WORDS } from "../../shared/format";
import {
  DEFAULT_TERM_YEARS,
  DOWN_SHARE,
  defaultDown,
  formatShare,
  type RegionId,
} from "../../shared/mortgage";
import { pageData } from "../../shared/page-data";
import { type ApartmentsView, apartmentsListQuery, apartmentsView } from "../../shared/page-keys";
import type { PlanAreas } from "../../shared/plan";
import type { LivingObject } from "../../shared/schemas/catalogue";
import { AppLink } from "../components/AppLink";
import {
  ApartmentToggles,
  CompareBar,
  PlanDownload,
  ShareButton,
} from "../components/apartment/ApartmentActions";
import { ApartmentFilters } from "../components/apartment/ApartmentFilters";
import { ApartmentList } from "../components/apartment/ApartmentList";
import { FloorPlan, planAspect } from "../components/apartment/FloorPlan";
import { MortgageSnippet, paymentFrom } from "../components/apartment/MortgageSnippet";
import { PriceHistory } from "../components/apartment/PriceHistory";
import { RoomGroups } from "../components/apartment/RoomGroups";
import { apartmentTitle, floorLabel, pricePerMeter } from "../components/apartment/text";
import { FacadeImage } from "../components/art/ArtImage";
import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs";
import { LightBoxProvider, useLightBox } from "../components/complex/LightBox";
import { StationList } from "../components/complex/Stations";
import { classLabel, complexTitle, mortgageRegion } from "../components/complex/text";
import { useHashScroll } from "../components/complex/use-hash-scroll";
import { JsonLd } from "../components/JsonLd";
import { LeadActions } from "../components/lead/LeadActions";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { useSiteOrigin } from "../hooks/use-boot";
import { ApiError } from "../http";
import type { PageProps } from "../pages";

/**
 * One apartment (and then its complex), or a list: of a complex (with its room types and the complex
 * itself) or of a room type. An unknown slug is looked up as an apartment, which the API refuses: the page is
 * a 404 like any page whose data is missing.
 */
export const data = pageData({
  keys(match) {
    const view = apartmentsView(match);
    const one = view.missing ?? view.apartment;
    const list = one === undefined ? filterKeys.apartments(apartmentsListQuery(match, view)) : undefined;
    const complex = one === undefined ? view.complex : undefined;
    return {
      apartment: one === undefined ? undefined : apiKeys.apartment(one),
      list,
      groups: complex === undefined ? undefined : apiKeys.apartmentGroups(complex),
      complex: complex === undefined ? undefined : apiKeys.complex(complex),
    };
  },
  more: (_, { apartment }) => ({
    complex: apartment ? apiKeys.complex(apartment.data.complex.id) : undefined,
  }),
  canonical(_, { apartment, complex }) {
    if (apartment) return apartment.data.url;
    return complex ? `/kvartiry/novostroyka/${complex.slug}/` : null;
  },
});

export default function ApartmentsPage({ match }: PageProps) {
  const view = apartmentsView(match);
  if (view.missing !== undefined) throw new ApiError(404, "Страница не найдена");
  return view.apartment !== undefined ? (
    <ApartmentPage match={match} />
  ) : (
    <ListPage match={match} view={view} />
  );
}

function Loading() {
  return (
    <div className="page container page-skeleton" role="status">
      <span className="visually-hidden">Загрузка…</span>
    </div>
  );
}

/** Headings of the room-type pages, by rooms code. */
const ROOM_PAGES: Record<number, { h1: string; crumb: string }> = {
  0: { h1: "Квартиры-студии в новостройках", crumb: "Студии" },
  1: { h1: "Однокомнатные квартиры в новостройках", crumb: "Однокомнатные" },
  2: { h1: "Двухкомнатные квартиры в новостройках", crumb: "Двухкомнатные" },
  3: { h1: "Трёхкомнатные квартиры в новостройках", crumb: "Трёхкомнатные" },
  4: { h1: "Четырёхкомнатные квартиры в новостройках", crumb: "Четырёхкомнатные" },
};
const ALL_TITLE = "Квартиры в новостройках Москвы и Подмосковья";

function ListPage({ match, view }: PageProps & { view: ApartmentsView }) {
  const keys = data.keys(match);
  const list = useApi(keys.list);
  const groups = useApi(keys.groups);
  const complex = useApi(keys.complex);
  useHashScroll();
  if (complex.error) throw complex.error;
  const c = complex.data;
  if (view.complex !== undefined && !c) return <Loading />;

  const query = apartmentsListQuery(match, view);
  const roomPage = view.rooms !== undefined ? ROOM_PAGES[view.rooms] : undefined;
  const path = c ? `/kvartiry/novostroyka/${c.slug}/` : roomPage ? match.pathname : "/kvartiry/";
  const h1 = c ? `Квартиры в ${complexTitle(c.name)}` : (roomPage?.h1 ?? ALL_TITLE);
  const crumbs: Crumb[] = c
    ? [
        { label: "Квартиры", to: "/kvartiry/" },
        { label: complexTitle(c.name), to: c.url },
        { label: "Все квартиры" },
      ]
    : roomPage
      ? [{ label: "Квартиры", to: "/kvartiry/" }, { label: roomPage.crumb }]
      : [{ label: "Квартиры" }];
  const total = list.data?.total ?? 0;
  const page = query.page;
  const pageHref = (p: number) => {
    const next = new URLSearchParams(match.search);
    if (p > 1) next.set("page", String(p));
    else next.delete("page");
    const q = next.toString();
    return `${path}${q ? `?${q}` : ""}`;
  };
  const rooms = c
    ? (list.data?.filters.room_types ?? []).map((r) => ({ id: r.rooms, label: r.label, count: r.count }))
    : ROOMS.map((r) => ({ id: r, label: ROOM_LABELS[r] ?? "" }));
  const active = query.filter.rooms ?? [];

  return (
    <div className="page container">
      <PageHead
        title={`${h1}${page > 1 ? ` — страница ${page}` : ""}`}
        description={
          c
            ? `${countOf(c.apartments_on_sale, WORDS.apartment)} в ${complexTitle(c.name)} от застройщика ${c.developer.name}: планировки, цены, этажи, отделка и сроки сдачи.`
            : `${h1}: ${countOf(total, WORDS.apartment)} от застройщиков с планировками и ценами. Фильтры по площади, цене, этажу и отделке.`
        }
        canonical={page > 1 ? `${path}?page=${page}` : path}
      />
      <Breadcrumbs items={crumbs} />
      <h1>{h1}</h1>
      {c ? (
        <div className="apt-complex">
          <AppLink to={c.url} className="apt-complex__art" tabIndex={-1} aria-hidden="true">
            <FacadeImage
              id={c.id}
              cls={c.class}
              floors={c.floors_max}
              houses={c.houses.map((h) => h.floors)}
              width={320}
              height={200}
            />
          </AppLink>
          <div>
            <p className="apt-complex__name">
              <AppLink to={c.url}>{complexTitle(c.name)}</AppLink> · {c.class_name} ·{" "}
              {deadlineLine(c.deadline)}
            </p>
            <p className="cx-muted">{c.address}</p>
            <StationList stations={c.stations} />
          </div>
        </div>
      ) : (
        <p className="apt-intro">
          {countOf(total, WORDS.apartment)} в продаже в новостройках от застройщиков.
        </p>
      )}
      {c && (
        <RoomGroups
          groups={groups.data?.data ?? []}
          active={active}
          hrefOf={(r) =>
            active.length === 1 && active[0] === r ? path : `${path}${apartmentUrlQuery({ rooms: [r] })}`
          }
        />
      )}
      <ApartmentFilters
        action={c ? path : "/kvartiry/"}
        query={query}
        total={total}
        rooms={rooms}
        houses={(list.data?.filters.houses ?? []).map((h) => ({ id: h.id, label: h.name }))}
      />
      <ApartmentList
        list={list.data}
        busy={list.isValidating}
        error={list.error}
        showComplex={!c}
        hrefOf={pageHref}
        resetTo={path}
      />
    </div>
  );
}

function apartmentJsonLd(a: LivingObject, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    url: `${origin}${a.url}`,
    price: a.price,
    priceCurrency: "RUB",
    availability: a.status === 1 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
    itemOffered: {
      "@type": "Apartment",
      name: apartmentTitle(a),
      numberOfRooms: Math.max(1, a.rooms),
      floorLevel: String(a.floor),
      floorSize: { "@type": "QuantitativeValue", value: a.area_total, unitCode: "MTK" },
      containedInPlace: {
        "@type": "ApartmentComplex",
        name: complexTitle(a.complex.name),
        url: `${origin}${a.complex.url}`,
      },
    },
  };
}

/**
 * What the mortgage block says first: «Платёж от 203 000 ₽ в месяц при взносе от 8 700 161 ₽ (20 %) и кредите
 * на 20 лет: квартира стоит 43 500 807 ₽.» — the same payment and down payment as the offers below it.
 */
function mortgageLine(price: number, region: RegionId | null): string {
  const from = paymentFrom(price, region);
  const terms = `при взносе от ${formatPrice(defaultDown(price))} (${formatShare(DOWN_SHARE)}) и кредите на ${countOf(DEFAULT_TERM_YEARS, WORDS.year)}`;
  return from === null
    ? `Квартира стоит ${formatPrice(price)}; платёж по ипотечным программам — ниже.`
    : `Платёж от ${formatPrice(from)} в месяц ${terms}: квартира стоит ${formatPrice(price)}.`;
}

const STATUS_NOTE: Record<number, string> = {
  2: "Квартира забронирована: пока бронь не снята, купить её нельзя.",
  3: "Квартира уже продана.",
};

function ApartmentPage({ match }: PageProps) {
  const apartment = useApi(data.keys(match).apartment);
  const origin = useSiteOrigin();
  const a = apartment.data?.data;
  const complex = useApi(data.more(match, { apartment: apartment.data }).complex);
  if (apartment.error) throw apartment.error;
  if (!a) return <Loading />;
  const c = complex.data;
  const title = apartmentTitle(a);
  const inComplex = complexTitle(a.complex.name);
  const facts: [string, string][] = [
    ["Общая площадь", formatArea(a.area_total)],
    ["Жилая площадь", formatArea(a.area_living)],
    ["Кухня", formatArea(a.area_kitchen)],
    ["Этаж", floorLabel(a.floor, a.floors)],
    ["Корпус", a.house.name],
    ["Секция", String(a.section)],
    ["Номер квартиры", String(a.number)],
    ["Отделка", a.otdelka_name],
    ["Срок сдачи", a.deadline.finished ? `дом сдан в ${a.deadline.label}` : a.deadline.label],
    ["Статус", a.status_name],
  ];
  const similarHref = `/kvartiry/novostroyka/${a.complex.slug}/${apartmentUrlQuery({ rooms: [a.rooms] })}`;
  return (
    <LightBoxProvider>
      <div className="page container apartment-page">
        <PageHead
          title={`${title} в ${inComplex} за ${formatPrice(a.price)}`}
          description={`${title} на ${a.floor} этаже в ${inComplex}: ${formatPrice(a.price)}, ${pricePerMeter(a.price_m2)}, ${a.otdelka_name.toLowerCase()}, ${a.deadline.finished ? `дом сдан в ${a.deadline.label}` : `срок сдачи — ${a.deadline.label}`}. Планировка и расчёт ипотеки.`}
          canonical={a.url}
        />
        <Breadcrumbs
          items={[
            { label: "Квартиры", to: "/kvartiry/" },
            { label: inComplex, to: a.complex.url },
            { label: title },
          ]}
        />
        <JsonLd data={apartmentJsonLd(a, origin)} />
        <h1>
          {title} в {inComplex}
        </h1>
        {STATUS_NOTE[a.status] && (
          <p className="cx-notice" role="status">
            {STATUS_NOTE[a.status]} <AppLink to={similarHref}>Похожие квартиры в этом ЖК</AppLink>
          </p>
        )}
        <div className="apartment-top">
          <PlanFigure
            plan={a.plan}
            areas={{ total: a.area_total, living: a.area_living, kitchen: a.area_kitchen }}
            title={`Планировка: ${title.toLowerCase()}`}
          />
          <aside className="price-card" aria-label="Цена">
            <p className="cx-price cx-price--large">{formatPrice(a.price)}</p>
            <p className="price-card__m2">{pricePerMeter(a.price_m2)}</p>
            <dl className="cx-facts cx-facts--compact">
              {facts.map(([term, value]) => (
                <div key={term} className="cx-facts__item">
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <AppLink className="button" to={`${a.complex.url}?korpus=${a.house.id}#shahmatka`}>
              Шахматка корпуса
            </AppLink>
            <AppLink className="button button--ghost" to={similarHref}>
              Похожие квартиры в ЖК
            </AppLink>
            <LeadActions complex={a.complex.id} apartment={a.id} subject={`${title} в ${inComplex}`} />
            <ApartmentToggles id={a.id} title={title} />
            <ShareButton title={`${title} в ${inComplex}`} />
            <PlanDownload selector=".plan-figure" fileName={`planirovka-kvartira-${a.id}.svg`} />
            <CompareBar />
          </aside>
        </div>

        {(apartment.data?.price_history.length ?? 0) > 1 && (
          <section className="cx-section" aria-labelledby="istoriya-ceny">
            <h2 id="istoriya-ceny">История цены</h2>
            <PriceHistory points={apartment.data?.price_history ?? []} />
          </section>
        )}

        <section className="cx-section" aria-labelledby="ipoteka">
          <h2 id="ipoteka">Ипотека на эту квартиру</h2>
          <MortgageSnippet
            price={a.price}
            region={c ? mortgageRegion(c.region) : null}
            about={mortgageLine(a.price, c ? mortgageRegion(c.region) : null)}
          />
        </section>

        <section className="cx-section" aria-labelledby="zhk">
          <h2 id="zhk">{inComplex}</h2>
          {c ? (
            <div className="apt-complex">
              <AppLink to={c.url} className="apt-complex__art" tabIndex={-1} aria-hidden="true">
                <FacadeImage
                  id={c.id}
                  cls={c.class}
                  floors={c.floors_max}
                  houses={c.houses.map((h) => h.floors)}
                  width={320}
                  height={200}
                />
              </AppLink>
              <div>
                <p className="apt-complex__name">
                  {classLabel(c.class_name)} · {c.build_stage_name} · застройщик{" "}
                  <AppLink to={`/companies/developers/${c.developer.slug}/`}>{c.developer.name}</AppLink>
                </p>
                <p className="cx-muted">{c.address}</p>
                <StationList stations={c.stations} />
                <p>
                  <AppLink to={c.url}>Всё о {inComplex}</AppLink>
                </p>
              </div>
            </div>
          ) : (
            <p>
              <AppLink to={a.complex.url}>Всё о {inComplex}</AppLink>
            </p>
          )}
        </section>
      </div>
    </LightBoxProvider>
  );
}

/** The plan in its box; a click opens it in the light box. */
function PlanFigure({ plan, areas, title }: { plan: string; areas: PlanAreas; title: string }) {
  const { open } = useLightBox();
  const slide = {
    key: "plan",
    caption: title,
    content: <FloorPlan plan={plan} areas={areas} title={title} />,
  };
  return (
    <figure className="plan-figure">
      <button
        type="button"
        className="plan-figure__button"
        style={{ aspectRatio: Math.min(1.8, Math.max(0.75, planAspect(plan) ?? 4 / 3)) }}
        onClick={() => open([slide], 0)}
        aria-label="Открыть планировку на весь экран"
      >
        <FloorPlan plan={plan} areas={areas} title={title} />
      </button>
      <figcaption className="cx-muted">
        Планировка схематичная: площади — по данным застройщика, размеры комнат условные. Точный план
        уточняйте в отделе продаж.
      </figcaption>
    </figure>
  );
}

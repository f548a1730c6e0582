/** One apartment (`/kvartiry/kvartira-{id}/`, client/routes/apartment.tsx): its plan, facts, mortgage and complex. */
import { memo, Suspense } from "react";
import { apartmentUrlQuery } from "../../../shared/filters/apartments";
import { formatArea, formatPrice } from "../../../shared/format";
import type { PlanAreas } from "../../../shared/plan";
import type { ApartmentDetail, ComplexDetail, LivingObject } from "../../../shared/schemas/catalogue";
import { useApi } from "../../hooks/use-api";
import { useSiteOrigin } from "../../hooks/use-boot";
import { lazyPart, type PageProps } from "../../pages";
import type { ApartmentData } from "../../routes/apartment";
import { AppLink } from "../AppLink";
import { FollowButton } from "../alerts/FollowButton";
import { Breadcrumbs } from "../Breadcrumbs";
import { FactList } from "../complex/Facts";
import { LightBoxProvider, useLightBox } from "../complex/LightBox";
import { complexPicture } from "../complex/picture";
import { complexTitle } from "../complex/text";
import { JsonLd } from "../JsonLd";
import { LeadActions } from "../lead/LeadActions";
import { PageHead } from "../PageHead";
import { PlanDownload, ShareButton } from "./ApartmentActions";
import type { ApartmentBelowProps } from "./ApartmentBelow";
import ApartmentToggles from "./ApartmentToggles";
import { CompareBar } from "./CompareBar";
import { FloorPlan, planAspect } from "./FloorPlan";
import { apartmentTitle, floorLabel, pricePerMeter } from "./text";

/**
 * The apartment as schema.org data: a flat (Apartment) and what is sold (Product, with its Offer: Google's
 * Product results need a name, an image and an offer with price and currency). The image is its complex's.
 */
function apartmentJsonLd(a: LivingObject, c: ComplexDetail | undefined, origin: string) {
  const url = `${origin}${a.url}`;
  return {
    "@context": "https://schema.org",
    "@type": ["Apartment", "Product"],
    name: `${apartmentTitle(a)}, ${formatArea(a.area_total)}, в ${complexTitle(a.complex.name)}`,
    url,
    ...(c ? { image: [`${origin}${complexPicture(c)}`] } : {}),
    numberOfRooms: Math.max(1, a.rooms),
    floorLevel: String(a.floor),
    floorSize: { "@type": "QuantitativeValue", value: a.area_total, unitCode: "MTK" },
    containedInPlace: {
      "@type": "ApartmentComplex",
      name: complexTitle(a.complex.name),
      url: `${origin}${a.complex.url}`,
    },
    offers: {
      "@type": "Offer",
      url,
      price: a.price,
      priceCurrency: "RUB",
      availability: a.status === 1 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
    },
  };
}

const STATUS_NOTE: Record<number, string> = {
  2: "Квартира забронирована: пока бронь не снята, купить её нельзя.",
  3: "Квартира уже продана.",
};

export interface ApartmentPageProps extends PageProps {
  /** The route's data (its `more` names the complex's key). */
  data: ApartmentData;
  /** The apartment's answer, which the route has read. */
  answer: ApartmentDetail;
}

export default function ApartmentPage({ match, data, answer }: ApartmentPageProps) {
  const origin = useSiteOrigin();
  const a = answer.data;
  const complex = useApi(data.more(match, { apartment: answer }).complex);
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
        <JsonLd data={apartmentJsonLd(a, c, origin)} />
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
            <FactList facts={facts} compact />
            <AppLink className="button" to={`${a.complex.url}?korpus=${a.house.id}#shahmatka`}>
              Шахматка корпуса
            </AppLink>
            <AppLink className="button button--ghost" to={similarHref}>
              Похожие квартиры в ЖК
            </AppLink>
            <LeadActions complex={a.complex.id} apartment={a.id} subject={`${title} в ${inComplex}`} />
            <FollowButton follow={{ kind: "apartment", id: a.id }} label="Следить за ценой" />
            <ApartmentToggles id={a.id} title={title} />
            <ShareButton title={`${title} в ${inComplex}`} />
            <PlanDownload selector=".plan-figure" fileName={`planirovka-kvartira-${a.id}.svg`} />
            <CompareBar />
          </aside>
        </div>

        <Below answer={answer} complex={c} />
      </div>
    </LightBoxProvider>
  );
}

/**
 * Below the first screen (ApartmentBelow.tsx: the price's history, the mortgage with its calculator's
 * programmes, the complex): the page's one lazy part, memoised so that its props stay the same objects until it
 * has hydrated.
 */
const APARTMENT_BELOW = lazyPart<ApartmentBelowProps>(() => import("./ApartmentBelow"));
const Below = memo(function Below(props: ApartmentBelowProps) {
  return (
    <Suspense fallback={null}>
      <APARTMENT_BELOW.Component {...props} />
    </Suspense>
  );
});

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

import { Suspense } from "react";
import { formatPrice } from "../../../shared/format";
import type { LivingObject } from "../../../shared/schemas/catalogue";
import { pressablePart } from "../../lazy-press";
import { lazyPart } from "../../pages";
import { AppLink } from "../AppLink";
import { PaymentFrom } from "../mortgage/PaymentFrom";
import type { TogglesProps } from "./ApartmentToggles";
import type { FloorPlanProps } from "./FloorPlan";
import { apartmentTitle, floorLabel, pricePerMeter } from "./text";
import "./apartment.css";

/**
 * A card's plan and its ♡ and «Сравнить»: lazy parts, so that a list paints from the server's HTML and
 * hydrates without their code (the drawing never changes after the first paint; a press on a toggle made
 * before its chunk has arrived is made when it has, client/lazy-press.ts).
 */
const PLAN = lazyPart<FloorPlanProps>(() => import("./FloorPlan"));
const TOGGLES = pressablePart<TogglesProps>("apartment-toggles", () => import("./ApartmentToggles"));

/** One apartment in a list: its plan, size, floor, price; the whole card opens the apartment's page. */
export function ApartmentCard({
  apartment: a,
  showComplex,
}: {
  apartment: LivingObject;
  showComplex: boolean;
}) {
  const title = apartmentTitle(a);
  return (
    <article className="apt-card">
      <div className="apt-card__plan">
        <Suspense fallback={null}>
          <PLAN.Component plan={a.plan} compact title={`Планировка: ${title.toLowerCase()}`} />
        </Suspense>
      </div>
      <div className="apt-card__body">
        <h3 className="apt-card__title">
          <AppLink to={a.url} className="apt-card__link">
            {title}
          </AppLink>
        </h3>
        <p className="apt-card__meta">
          {floorLabel(a.floor, a.floors)} · {a.house.name} · {a.otdelka_name}
        </p>
        <p className="apt-card__meta">
          {showComplex ? `ЖК «${a.complex.name}» · ` : ""}
          {a.deadline.finished ? "Дом сдан" : `Срок сдачи: ${a.deadline.label}`}
        </p>
      </div>
      <div className="apt-card__price">
        <p className="cx-price">{formatPrice(a.price)}</p>
        <p className="apt-card__m2">{pricePerMeter(a.price_m2)}</p>
        <PaymentFrom price={a.price} />
        <Suspense fallback={null}>
          <TOGGLES.Component id={a.id} title={title} />
        </Suspense>
      </div>
    </article>
  );
}

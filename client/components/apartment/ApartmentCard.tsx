import { memo } from "react";
import { planSrc } from "../../../shared/art";
import { formatPrice } from "../../../shared/format";
import { imageSrc } from "../../../shared/images";
import type { LivingObject } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { LazyImage } from "../art/LazyImage";
import { PaymentFrom } from "../mortgage/PaymentFrom";
import ApartmentToggles from "./ApartmentToggles";
import { apartmentTitle, floorLabel, pricePerMeter } from "./text";
import "./apartment.css";

/** One apartment in a list: its plan, size, floor, price; the whole card opens the apartment's page. */
export const ApartmentCard = memo(function ApartmentCard({
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
        <LazyImage
          src={imageSrc(planSrc(a.plan), 160)}
          width={160}
          height={120}
          alt={`Планировка: ${title.toLowerCase()}`}
        />
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
        <ApartmentToggles id={a.id} title={title} />
      </div>
    </article>
  );
});

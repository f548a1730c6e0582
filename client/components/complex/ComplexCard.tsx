import { RISK_LABELS } from "../../../shared/construction/risk";
import { countOf, deadlineLine, formatPriceFrom, WORDS } from "../../../shared/format";
import type { ComplexCard as Card } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { FacadeImage } from "../art/ArtImage";
import { LineBadge } from "./Stations";
import { complexTitle, stationName, withDistance } from "./text";
import "./complex.css";

/** A compact complex card: the drawing, name, lowest price, nearest station, deadline. */
export function ComplexCard({ complex: c }: { complex: Card }) {
  const station = c.stations[0];
  return (
    <article className="complex-card">
      <div className="complex-card__art">
        <FacadeImage id={c.id} cls={c.class} floors={c.floors_max} width={400} height={250} />
      </div>
      <div className="complex-card__body">
        <h3 className="complex-card__title">
          <AppLink to={c.url} className="complex-card__link">
            {complexTitle(c.name)}
          </AppLink>
        </h3>
        <p className="cx-price">{formatPriceFrom(c.min_price)}</p>
        {station && (
          <p className="complex-card__meta">
            <LineBadge station={station} /> {stationName(station)}
            {withDistance(station)}
          </p>
        )}
        <p className="complex-card__meta">
          {deadlineLine(c.deadline)} · {countOf(c.apartments_on_sale, WORDS.apartment)}
        </p>
        {c.delivery_risk && (
          <p className={`complex-card__meta risk-line risk-line--${c.delivery_risk}`}>
            Риск переноса: {RISK_LABELS[c.delivery_risk]}
          </p>
        )}
      </div>
    </article>
  );
}

/** A row of cards under a heading; nothing when there are none. */
export default function ComplexCards({
  title,
  complexes,
  id,
}: {
  title: string;
  complexes: readonly Card[];
  id: string;
}) {
  if (!complexes.length) return null;
  return (
    <section className="cx-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="complex-cards">
        {complexes.map((c) => (
          <li key={c.id}>
            <ComplexCard complex={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}

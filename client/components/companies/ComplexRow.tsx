import { CLASSES, type ClassCode } from "../../../shared/codes";
import {
  countOf,
  deadlineLine,
  formatDeadline,
  formatPriceFrom,
  formatPricePerMeterFrom,
  WORDS,
} from "../../../shared/format";
import { href } from "../../../shared/routes";
import type { CompanyComplex } from "../../../shared/schemas/companies";
import { AppLink } from "../AppLink";
import "./companies.css";

/** A complex of a developer: name, address, class, deadline, prices and apartments on sale. */
export function ComplexRow({ complex: c }: { complex: CompanyComplex }) {
  const className = CLASSES[c.class as ClassCode];
  return (
    <article className="complex-row">
      <div>
        <h3>
          <AppLink to={href("complex", { complex: c.slug })} className="complex-row__link">
            ЖК «{c.name}»
          </AppLink>
        </h3>
        <p className="complex-row__address">{c.address}</p>
        <ul className="complex-row__tags">
          {className && <li>{className}</li>}
          <li className={c.deadline.finished ? "is-finished" : undefined}>
            {deadlineLine({ ...c.deadline, label: formatDeadline(c.deadline.year, c.deadline.quarter) })}
          </li>
        </ul>
      </div>
      <p className="complex-row__price">
        {c.apartments_on_sale > 0 ? (
          <>
            <strong>{formatPriceFrom(c.min_price)}</strong>
            <span>{formatPricePerMeterFrom(c.min_price_m2)}</span>
            <span>{countOf(c.apartments_on_sale, WORDS.apartment)} в продаже</span>
          </>
        ) : (
          <span>Квартир в продаже нет</span>
        )}
      </p>
    </article>
  );
}

/**
 * The monthly payment for one price under the programmes that apply where the flat is, each a payment quote
 * (shared/mortgage-payment.ts paymentQuote: the market one is the cards') opening the calculator with the same
 * numbers filled in.
 */
import type { ReactNode } from "react";
import { countOf, formatDate, formatPrice, formatPriceShort, WORDS } from "../../../shared/format";
import {
  CARD_TERM_YEARS,
  DOWN_SHARE,
  formatRate,
  formatShare,
  mortgageQuery,
  PROGRAM_IDS,
  PROGRAMS,
  PROGRAMS_CHECKED_AT,
  type ProgramId,
  paymentQuote,
  quoteTerms,
  type RegionId,
} from "../../../shared/mortgage";
import { AppLink } from "../AppLink";
import "./apartment.css";

const WHO: Record<ProgramId, string> = {
  market: "Без требований к семье и месту работы",
  family: "Для семей с ребёнком младше 6 лет",
  it: "Для сотрудников аккредитованных IT-компаний",
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The programmes shown: where the flat is, or (region not known yet) those that apply everywhere. */
function programsFor(region: RegionId | null): ProgramId[] {
  return PROGRAM_IDS.filter((id) =>
    region ? PROGRAMS[id].regions.includes(region) : PROGRAMS[id].regions.length === 2,
  );
}

/**
 * `region` null (not known yet): only the programmes that apply everywhere. The IT programme needs the
 * region, so it shows once the complex is known.
 */
export default function MortgageSnippet({
  price,
  region,
  about,
}: {
  price: number;
  region: RegionId | null;
  about: ReactNode;
}) {
  const programs = programsFor(region);
  return (
    <div className="mortgage-snippet">
      <p className="mortgage-snippet__about">{about}</p>
      <ul className="mortgage-snippet__offers">
        {programs.map((id) => {
          const program = PROGRAMS[id];
          const q = paymentQuote(id, price, region ?? "msk");
          const limited = program.maxLoan !== null && q.loan >= program.maxLoan;
          return (
            <li key={id} className="mortgage-snippet__offer">
              <h3 className="mortgage-snippet__name">{program.name}</h3>
              <p className="mortgage-snippet__rate">{formatRate(q.rate)} годовых</p>
              <p className="mortgage-snippet__payment">
                {formatPrice(q.payment)}
                <span className="mortgage-snippet__per"> в месяц</span>
              </p>
              <p className="mortgage-snippet__terms">
                {capitalize(quoteTerms(q))}
                {limited &&
                  program.maxLoan !== null &&
                  `; кредит по программе — до\u00a0${formatPriceShort(program.maxLoan)}`}
              </p>
              <p className="mortgage-snippet__who">{WHO[id]}</p>
              <AppLink className="mortgage-snippet__link" to={`/mortgage/?${mortgageQuery(q.state)}`}>
                Рассчитать подробно
              </AppLink>
            </li>
          );
        })}
      </ul>
      <p className="mortgage-snippet__note">
        Аннуитетный платёж на {countOf(CARD_TERM_YEARS, WORDS.year)}; взнос — от {formatShare(DOWN_SHARE)} или
        больше, если этого требует лимит кредита по программе.
        {region === "msk" && " IT-ипотека в Москве и Новой Москве не действует."} Условия программ сверены{" "}
        {formatDate(PROGRAMS_CHECKED_AT)}, точную ставку назовёт банк.
      </p>
    </div>
  );
}

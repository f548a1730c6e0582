/**
 * The monthly payment for one price under the programmes that apply where the flat is (shared/mortgage.ts),
 * each opening the calculator with the same numbers filled in.
 */
import type { ReactNode } from "react";
import { countOf, formatDate, formatPrice, formatPriceShort, WORDS } from "../../../shared/format";
import {
  calculateMortgage,
  DEFAULT_TERM_YEARS,
  DOWN_SHARE,
  defaultDown,
  formatRate,
  formatShare,
  type MortgageState,
  minimumDown,
  mortgageQuery,
  PROGRAM_IDS,
  PROGRAMS,
  PROGRAMS_CHECKED_AT,
  type ProgramId,
  type RegionId,
} from "../../../shared/mortgage";
import { AppLink } from "../AppLink";
import "./apartment.css";

const WHO: Record<ProgramId, string> = {
  market: "Без требований к семье и месту работы",
  family: "Для семей с ребёнком младше 6 лет",
  it: "Для сотрудников аккредитованных IT-компаний",
};

/** The calculator's state for a programme: the smallest down payment it allows, but at least 20 %. */
export function offerState(program: ProgramId, price: number, region: RegionId): MortgageState {
  const p = PROGRAMS[program];
  return {
    program,
    region,
    price,
    down: Math.max(minimumDown(p, price), defaultDown(price)),
    termYears: DEFAULT_TERM_YEARS,
    rate: p.rate,
    type: "annuity",
  };
}

/** The programmes shown: where the flat is, or (region not known yet) those that apply everywhere. */
function programsFor(region: RegionId | null): ProgramId[] {
  return PROGRAM_IDS.filter((id) =>
    region ? PROGRAMS[id].regions.includes(region) : PROGRAMS[id].regions.length === 2,
  );
}

/**
 * The lowest monthly payment among the programmes the snippet shows for a price, with the default down
 * payment the line beside it names: «Платёж от N ₽ в месяц при взносе от D (20 %)…». Null when none applies.
 */
export function paymentFrom(price: number, region: RegionId | null): number | null {
  const payments = programsFor(region).flatMap((id) => {
    const calc = calculateMortgage(offerState(id, price, region ?? "msk"));
    return calc.ok ? [Math.round(calc.result.firstPayment)] : [];
  });
  return payments.length ? Math.min(...payments) : null;
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
          const state = offerState(id, price, region ?? "msk");
          const calc = calculateMortgage(state);
          const limited = program.maxLoan !== null && price - state.down >= program.maxLoan;
          return (
            <li key={id} className="mortgage-snippet__offer">
              <h3 className="mortgage-snippet__name">{program.name}</h3>
              <p className="mortgage-snippet__rate">{formatRate(program.rate)} годовых</p>
              <p className="mortgage-snippet__payment">
                {calc.ok ? (
                  <>
                    {formatPrice(Math.round(calc.result.firstPayment))}
                    <span className="mortgage-snippet__per"> в месяц</span>
                  </>
                ) : (
                  calc.errors[0]?.message
                )}
              </p>
              <p className="mortgage-snippet__terms">
                Взнос {formatPrice(state.down)} ({formatShare(state.down / price)}), срок{" "}
                {countOf(state.termYears, WORDS.year)}
                {limited &&
                  program.maxLoan !== null &&
                  `; кредит по программе — до ${formatPriceShort(program.maxLoan)}`}
              </p>
              <p className="mortgage-snippet__who">{WHO[id]}</p>
              <AppLink className="mortgage-snippet__link" to={`/mortgage/?${mortgageQuery(state)}`}>
                Рассчитать подробно
              </AppLink>
            </li>
          );
        })}
      </ul>
      <p className="mortgage-snippet__note">
        Аннуитетный платёж на {countOf(DEFAULT_TERM_YEARS, WORDS.year)}; взнос — от {formatShare(DOWN_SHARE)}{" "}
        или больше, если этого требует лимит кредита по программе.
        {region === "msk" && " IT-ипотека в Москве и Новой Москве не действует."} Условия программ сверены{" "}
        {formatDate(PROGRAMS_CHECKED_AT)}, точную ставку назовёт банк.
      </p>
    </div>
  );
}

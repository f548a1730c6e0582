import { formatMoney, formatPrice, plural, WORDS } from "../../../shared/format";
import type { CalculatorState, calculateMortgage, earlyRepayment } from "../../../shared/mortgage";

/** «2 года 5 месяцев» */
function yearsMonths(months: number): string {
  const y = Math.floor(months / 12);
  const m = months % 12;
  const parts = [
    y ? `${y}\u00a0${plural(y, WORDS.year)}` : "",
    m ? `${m}\u00a0${plural(m, WORDS.month)}` : "",
  ];
  return parts.filter(Boolean).join(" ") || "0 месяцев";
}

/** The calculation's answer: the payment, the loan's figures, early repayment, the programme's unmet terms. */
export function MortgageResult({
  calc,
  state,
  early,
  issues,
  programName,
}: {
  calc: ReturnType<typeof calculateMortgage>;
  state: CalculatorState;
  early: ReturnType<typeof earlyRepayment> | null;
  issues: readonly string[];
  programName: string;
}) {
  return (
    <section className="mortgage__result" aria-labelledby="mortgage-result-title">
      <h2 id="mortgage-result-title" className="visually-hidden">
        Результат расчёта
      </h2>
      {calc.ok ? (
        <>
          <p className="mortgage__payment-label">
            {state.type === "annuity" ? "Ежемесячный платёж" : "Первый платёж"}
          </p>
          <output
            className="mortgage__payment"
            htmlFor="mortgage-price mortgage-down mortgage-term mortgage-rate"
          >
            {formatMoney(calc.result.firstPayment)}
          </output>
          {state.type === "differentiated" && (
            <p className="mortgage__payment-note">
              Платёж уменьшается каждый месяц, последний — {formatMoney(calc.result.lastPayment)}
            </p>
          )}
          <dl className="mortgage__figures">
            <dt>Сумма кредита</dt>
            <dd>{formatPrice(calc.result.loan)}</dd>
            <dt>Переплата по процентам</dt>
            <dd>{formatPrice(calc.result.overpayment)}</dd>
            <dt>Всего выплат банку</dt>
            <dd>{formatPrice(calc.result.total)}</dd>
            <dt>Доход для одобрения</dt>
            <dd>от {formatPrice(calc.result.firstPayment * 2)}</dd>
            {state.matcap > 0 && (
              <>
                <dt>Свои деньги на взнос</dt>
                <dd>{formatPrice(state.down - state.matcap)}</dd>
              </>
            )}
          </dl>
          {early && (
            <p className="mortgage__early" role="status">
              {early.savedMonths > 0
                ? `С досрочными платежами по ${formatPrice(state.extra)} в месяц кредит закроется через ${yearsMonths(early.months)} — на ${yearsMonths(early.savedMonths)} раньше, проценты меньше на ${formatPrice(early.savedInterest)}.`
                : "Досрочный платёж слишком мал, чтобы сократить срок хотя бы на месяц."}
            </p>
          )}
          <p className="mortgage__footnote">
            Банки обычно одобряют кредит, если платёж не больше половины дохода семьи.
          </p>
          {issues.length > 0 && (
            <div className="mortgage__issues" role="status">
              <p>
                <strong>{`Условия программы «${programName}» не выполнены`}</strong>
              </p>
              <ul>
                {issues.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <div className="mortgage__issues" role="alert">
          <p>
            <strong>Проверьте данные</strong>
          </p>
          <ul>
            {calc.errors.map((e) => (
              <li key={e.field}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

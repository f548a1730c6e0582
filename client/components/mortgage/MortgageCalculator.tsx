import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { formatMoney, formatNumber, formatPrice, plural, WORDS } from "../../../shared/format";
import {
  calculateMortgage,
  checkProgram,
  DEFAULT_DOWN_SHARE,
  formatRate,
  type InputError,
  type MortgageState,
  mortgageQuery,
  type PaymentType,
  PROGRAM_IDS,
  PROGRAMS,
  REGIONS,
  type RegionId,
  yearlySchedule,
} from "../../../shared/mortgage";
import { formatDecimal, NumberField, parseDecimal, parseRubles } from "./NumberField";
import { PaymentChart } from "./PaymentChart";
import { ScheduleTable } from "./ScheduleTable";
import "./mortgage.css";

const TYPE_LABELS: Record<PaymentType, string> = {
  annuity: "Аннуитетные — равные",
  differentiated: "Дифференцированные — убывающие",
};

function programNote(id: keyof typeof PROGRAMS): string {
  const p = PROGRAMS[id];
  if (p.maxLoan === null) return `${formatRate(p.rate)} в расчёте, ставку банка можно ввести`;
  return `до ${formatRate(p.rate)}, кредит до ${formatNumber(p.maxLoan / 1e6)}\u00a0млн\u00a0₽`;
}

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange(value: T): void;
  className: string;
}) {
  return (
    <fieldset className={`mortgage-choice ${className}`}>
      <legend className="mortgage-field__label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="mortgage-choice__option">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The calculator. Its inputs live in the URL: the server renders the numbers for the URL's inputs, the form
 * submits them as a GET without JavaScript, and with JavaScript every change recalculates at once and
 * replaces the address, so a copied link shares the calculation.
 */
export function MortgageCalculator({ initial, pathname }: { initial: MortgageState; pathname: string }) {
  const [state, setState] = useState(initial);
  const changed = useRef(false);
  // The down payment's share of the price, kept while the price is retyped digit by digit.
  const downShare = useRef(initial.price > 0 ? initial.down / initial.price : DEFAULT_DOWN_SHARE);
  const update = (patch: Partial<MortgageState>) => {
    changed.current = true;
    setState((s) => ({ ...s, ...patch }));
  };

  useEffect(() => {
    // The router is not told: a new history entry per keystroke would be noise, and the page keeps its state.
    if (changed.current)
      window.history.replaceState(window.history.state, "", `${pathname}?${mortgageQuery(state)}`);
  }, [state, pathname]);

  const calc = useMemo(() => calculateMortgage(state), [state]);
  const years = useMemo(() => (calc.ok ? yearlySchedule(calc.result.schedule) : []), [calc]);
  const program = PROGRAMS[state.program];
  const issues = calc.ok ? checkProgram(program, state, state.region) : [];
  const errorOf = (field: InputError["field"]) =>
    calc.ok ? undefined : calc.errors.find((e) => e.field === field)?.message;
  const share = state.price > 0 ? (state.down / state.price) * 100 : 0;

  return (
    <div className="mortgage">
      <form
        className="mortgage__form"
        method="get"
        action={pathname}
        aria-label="Параметры кредита"
        onSubmit={(e) => e.preventDefault()}
      >
        <RadioGroup
          legend="Программа"
          name="program"
          className="mortgage-choice--programs"
          value={state.program}
          options={PROGRAM_IDS.map((id) => ({
            value: id,
            label: (
              <>
                <strong>{PROGRAMS[id].name}</strong>
                <small>{programNote(id)}</small>
              </>
            ),
          }))}
          onChange={(id) => update({ program: id, rate: PROGRAMS[id].rate })}
        />
        <RadioGroup<RegionId>
          legend="Где квартира"
          name="region"
          className="mortgage-choice--inline"
          value={state.region}
          options={(Object.keys(REGIONS) as RegionId[]).map((id) => ({ value: id, label: REGIONS[id] }))}
          onChange={(region) => update({ region })}
        />
        <NumberField
          id="mortgage-price"
          name="price"
          label="Стоимость квартиры"
          inputMode="numeric"
          suffix="₽"
          value={state.price}
          format={formatNumber}
          parse={parseRubles}
          error={errorOf("price")}
          onChange={(price) => update({ price, down: Math.round(price * downShare.current) })}
        />
        <div className="mortgage__pair">
          <NumberField
            id="mortgage-down"
            name="down"
            label="Первоначальный взнос"
            inputMode="numeric"
            suffix="₽"
            value={state.down}
            format={formatNumber}
            parse={parseRubles}
            error={errorOf("down")}
            onChange={(down) => {
              if (state.price > 0) downShare.current = down / state.price;
              update({ down });
            }}
          />
          <NumberField
            id="mortgage-down-share"
            label="Взнос, %"
            inputMode="decimal"
            suffix="%"
            value={Math.round(share * 10) / 10}
            format={formatDecimal}
            parse={(text) => {
              const pct = parseDecimal(text);
              return pct !== null && pct < 100 ? pct : null;
            }}
            onChange={(pct) => {
              downShare.current = pct / 100;
              update({ down: Math.round((state.price * pct) / 100) });
            }}
          />
        </div>
        <div className="mortgage__pair">
          <NumberField
            id="mortgage-term"
            name="term"
            label="Срок кредита"
            inputMode="numeric"
            suffix={plural(state.termYears, WORDS.year)}
            value={state.termYears}
            format={String}
            parse={(text) => (/^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : null)}
            error={errorOf("termYears")}
            onChange={(termYears) => update({ termYears })}
          />
          <NumberField
            id="mortgage-rate"
            name="rate"
            label="Ставка"
            inputMode="decimal"
            suffix="%"
            value={state.rate}
            format={formatDecimal}
            parse={parseDecimal}
            error={errorOf("rate")}
            onChange={(rate) => update({ rate })}
          />
        </div>
        <RadioGroup<PaymentType>
          legend="Платежи"
          name="type"
          className="mortgage-choice--inline"
          value={state.type}
          options={(Object.keys(TYPE_LABELS) as PaymentType[]).map((t) => ({
            value: t,
            label: TYPE_LABELS[t],
          }))}
          onChange={(type) => update({ type })}
        />
        <noscript>
          <button type="submit" className="button">
            Рассчитать
          </button>
        </noscript>
      </form>

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
            </dl>
            <p className="mortgage__footnote">
              Банки обычно одобряют кредит, если платёж не больше половины дохода семьи.
            </p>
            {issues.length > 0 && (
              <div className="mortgage__issues" role="status">
                <p>
                  <strong>{`Условия программы «${program.name}» не выполнены`}</strong>
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

      {calc.ok && (
        <section className="mortgage__details" aria-labelledby="mortgage-schedule-title">
          <h2 id="mortgage-schedule-title">График платежей</h2>
          <p className="mortgage__hint">
            {state.type === "annuity"
              ? "Платёж не меняется, но в первые годы большая часть уходит на проценты — поэтому досрочные взносы выгоднее вносить пораньше."
              : "Долг гасится равными долями, а проценты начисляются на остаток, поэтому платёж снижается с каждым месяцем."}{" "}
            Нажмите на год, чтобы увидеть платежи по месяцам.
          </p>
          <PaymentChart years={years} />
          <ScheduleTable years={years} />
        </section>
      )}
    </div>
  );
}

import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatNumber, plural, WORDS } from "../../../shared/format";
import {
  CARD_TERM_YEARS,
  type CalculatorState,
  calculateMortgage,
  calculatorQuery,
  checkCalculator,
  checkProgram,
  DOWN_SHARE,
  earlyRepayment,
  formatRate,
  formatShare,
  type InputError,
  MARKET_RATE,
  MATCAP_DEFAULT,
  type Payment,
  type PaymentType,
  PROGRAM_IDS,
  PROGRAMS,
  type ProgramId,
  REGIONS,
  type RegionId,
  validateMortgage,
} from "../../../shared/mortgage";
import { lazyPart } from "../../pages";
import { MortgageResult } from "./MortgageResult";
import { formatDecimal, NumberField, parseDecimal, RublesField } from "./NumberField";
import "./mortgage.css";

const TYPE_LABELS: Record<PaymentType, string> = {
  annuity: "Аннуитетные — равные",
  differentiated: "Дифференцированные — убывающие",
};

/** The schedule's chart and table (Schedule.tsx): its own chunk, below the result. */
const SCHEDULE = lazyPart<{ schedule: readonly Payment[] }>(() => import("./Schedule"));

function programNote(id: ProgramId, rate: number): string {
  const p = PROGRAMS[id];
  const changed = rate !== p.rate ? ` (ваша ставка ${formatRate(rate)})` : "";
  if (p.maxLoan === null) return `${formatRate(rate)} в расчёте, ставку банка можно ввести`;
  return `до ${formatRate(p.rate)}, кредит до ${formatNumber(p.maxLoan / 1e6)}\u00a0млн\u00a0₽${changed}`;
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
export function MortgageCalculator({ initial, pathname }: { initial: CalculatorState; pathname: string }) {
  const [state, setState] = useState(initial);
  const [budget, setBudget] = useState<number | null>(null);
  const changed = useRef(false);
  // The down payment's share of the price, kept while the price is retyped digit by digit.
  const downShare = useRef(initial.price > 0 ? initial.down / initial.price : DOWN_SHARE);
  const update = (patch: Partial<CalculatorState>) => {
    changed.current = true;
    setState((s) => ({ ...s, ...patch }));
  };

  useEffect(() => {
    // The router is not told: a new history entry per keystroke would be noise, and the page keeps its state.
    if (changed.current)
      window.history.replaceState(window.history.state, "", `${pathname}?${calculatorQuery(state)}`);
  }, [state, pathname]);

  // The inputs' errors only: the calculation itself is the result's (Outcome), a fiber of its own, so that
  // hydrating this page is two slices React can yield between, not one (issue 34).
  const errors = useMemo(() => [...validateMortgage(state), ...checkCalculator(state)], [state]);
  const errorOf = (field: InputError["field"]) => errors.find((e) => e.field === field)?.message;

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
                <small>{programNote(id, state.rates[id])}</small>
              </>
            ),
          }))}
          onChange={(id) => update({ program: id, rate: state.rates[id] })}
        />
        <RadioGroup<RegionId>
          legend="Где квартира"
          name="region"
          className="mortgage-choice--inline"
          value={state.region}
          options={(Object.keys(REGIONS) as RegionId[]).map((id) => ({ value: id, label: REGIONS[id] }))}
          onChange={(region) => update({ region })}
        />
        <RublesField
          id="mortgage-price"
          name="price"
          label="Стоимость квартиры"
          value={state.price}
          error={errorOf("price")}
          onChange={(price) => update({ price, down: Math.round(price * downShare.current) })}
        />
        <DownPaymentFields state={state} update={update} error={errorOf("down")} share={downShare} />
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
            onChange={(rate) => update({ rate, rates: { ...state.rates, [state.program]: rate } })}
          />
        </div>
        <MatcapFields state={state} update={update} error={errorOf("matcap")} />
        <RublesField
          id="mortgage-extra"
          name="extra"
          label="Досрочно каждый месяц сверх платежа"
          value={state.extra}
          error={errorOf("extra")}
          onChange={(extra) => update({ extra })}
        />
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

      <Outcome state={state} errors={errors} budget={budget} onBudget={setBudget} />
    </div>
  );
}

/** The calculation for valid inputs and what shows it: the result, the payment search, the schedule. */
function Outcome({
  state,
  errors,
  budget,
  onBudget,
}: {
  state: CalculatorState;
  errors: InputError[];
  budget: number | null;
  onBudget(value: number): void;
}) {
  const calc = useMemo(
    () => (errors.length ? { ok: false as const, errors } : calculateMortgage(state)),
    [errors, state],
  );
  const early = useMemo(
    () => (calc.ok && state.extra > 0 ? earlyRepayment(state, calc.result, state.extra) : null),
    [calc, state],
  );
  const program = PROGRAMS[state.program];
  const issues = calc.ok ? checkProgram(program, state, state.region) : [];
  return (
    <>
      <MortgageResult calc={calc} state={state} early={early} issues={issues} programName={program.name} />

      <PaymentSearch
        payment={budget ?? (calc.ok ? Math.round(calc.result.firstPayment / 1000) * 1000 : 80_000)}
        onChange={onBudget}
      />

      {calc.ok && (
        <section className="mortgage__details" aria-labelledby="mortgage-schedule-title">
          <h2 id="mortgage-schedule-title">График платежей</h2>
          <p className="mortgage__hint">
            {state.type === "annuity"
              ? "Платёж не меняется, но в первые годы большая часть уходит на проценты — поэтому досрочные взносы выгоднее вносить пораньше."
              : "Долг гасится равными долями, а проценты начисляются на остаток, поэтому платёж снижается с каждым месяцем."}{" "}
            Нажмите на год, чтобы увидеть платежи по месяцам.
          </p>
          <Suspense fallback={null}>
            <SCHEDULE.Component schedule={calc.result.schedule} />
          </Suspense>
        </section>
      )}
    </>
  );
}

type Update = (patch: Partial<CalculatorState>) => void;

/** The down payment in roubles and as a share of the price; the share is kept while the price is retyped. */
function DownPaymentFields({
  state,
  update,
  error,
  share,
}: {
  state: CalculatorState;
  update: Update;
  error: string | undefined;
  share: { current: number };
}) {
  const percent = state.price > 0 ? (state.down / state.price) * 100 : 0;
  return (
    <div className="mortgage__pair">
      <RublesField
        id="mortgage-down"
        name="down"
        label="Первоначальный взнос"
        value={state.down}
        error={error}
        onChange={(down) => {
          if (state.price > 0) share.current = down / state.price;
          update({ down });
        }}
      />
      <NumberField
        id="mortgage-down-share"
        label="Взнос, %"
        inputMode="decimal"
        suffix="%"
        value={Math.round(percent * 10) / 10}
        format={formatDecimal}
        parse={(text) => {
          const pct = parseDecimal(text);
          return pct !== null && pct < 100 ? pct : null;
        }}
        onChange={(pct) => {
          share.current = pct / 100;
          update({ down: Math.round((state.price * pct) / 100) });
        }}
      />
    </div>
  );
}

/** Maternity capital as a part of the down payment. */
function MatcapFields({
  state,
  update,
  error,
}: {
  state: CalculatorState;
  update: Update;
  error: string | undefined;
}) {
  return (
    <fieldset className="mortgage-extra">
      <legend className="mortgage-field__label">Материнский капитал</legend>
      <label className="mortgage-choice__option">
        <input
          type="checkbox"
          checked={state.matcap > 0}
          onChange={(e) => {
            const matcap = e.currentTarget.checked ? MATCAP_DEFAULT : 0;
            update({ matcap, down: Math.max(state.down, matcap) });
          }}
        />
        <span>Направить материнский капитал на первоначальный взнос</span>
      </label>
      {state.matcap > 0 && (
        <RublesField
          id="mortgage-matcap"
          name="matcap"
          label="Сумма капитала в составе взноса"
          value={state.matcap}
          error={error}
          onChange={(matcap) => update({ matcap })}
        />
      )}
      {state.matcap > 0 && (
        <p className="mortgage__footnote">
          Капитал — часть первоначального взноса, а не добавка к нему. Сумму вашего сертификата покажет личный
          кабинет Социального фонда.
        </p>
      )}
    </fieldset>
  );
}

/**
 * «Подобрать квартиры под этот платёж»: the catalogue with the payment filter (`max_payment`), which turns
 * a monthly payment into a price under the cards' assumptions (shared/mortgage-payment.ts).
 */
function PaymentSearch({ payment, onChange }: { payment: number; onChange(value: number): void }) {
  const navigate = useNavigate();
  return (
    <section className="mortgage__search" aria-labelledby="mortgage-search-title">
      <h2 id="mortgage-search-title">Подобрать квартиры под платёж</h2>
      <form
        method="get"
        action="/novostroyki/"
        className="mortgage__search-form"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(`/novostroyki/?max_payment=${payment}`);
        }}
      >
        <RublesField
          id="mortgage-budget"
          name="max_payment"
          label="Платёж до, в месяц"
          value={payment}
          onChange={onChange}
        />
        <button type="submit" className="button">
          Подобрать квартиры под этот платёж
        </button>
      </form>
      <p className="mortgage__footnote">
        Считаем по рыночной ипотеке под {formatRate(MARKET_RATE)} годовых со взносом {formatShare(DOWN_SHARE)}{" "}
        на {CARD_TERM_YEARS} лет — так же, как «от … ₽/мес» в карточках каталога.
      </p>
    </section>
  );
}

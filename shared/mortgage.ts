/**
 * Mortgage maths (annuity and differentiated schedules) and the state programmes the calculator offers.
 * Money is counted in kopecks inside, so the schedule adds up exactly: the last payment absorbs the rounding.
 */
import { formatPrice } from "./format";
import {
  DOWN_SHARE,
  formatRate,
  formatShare,
  type MortgageInput,
  type MortgageState,
  minimumDown,
  mortgageQuery,
  type PaymentType,
  PROGRAM_TERMS,
  type ProgramId,
  type ProgramTerms,
  type RegionId,
} from "./mortgage-payment";

export * from "./mortgage-payment";

const PAYMENT_TYPES: readonly PaymentType[] = ["annuity", "differentiated"];
export const REGIONS: Record<RegionId, string> = {
  msk: "Москва и Новая Москва",
  mo: "Московская область",
};

export interface MortgageProgram extends ProgramTerms {
  conditions: readonly string[];
}

/** The date the programmes' conditions below were last compared with the official descriptions. */
export const PROGRAMS_CHECKED_AT = "2026-11-21";

export const PROGRAMS: Record<ProgramId, MortgageProgram> = {
  market: {
    ...PROGRAM_TERMS.market,
    conditions: [
      "Ставку 20 % мы взяли как допущение: типичные предложения банков по новостройкам в 2026 году — около 20–22 % годовых. Она меняется вслед за ключевой ставкой Банка России, поэтому подставьте ставку из предложения своего банка.",
      "Первоначальный взнос банки обычно просят от 20 %: по кредитам с меньшим взносом у них выше требования к капиталу, и такие предложения дороже.",
      "Подходит всем: без требований к составу семьи и месту работы, для любой новостройки.",
    ],
  },
  family: {
    ...PROGRAM_TERMS.family,
    conditions: [
      "Ставка не выше 6 % годовых на весь срок кредита.",
      "Лимит кредита — 12 млн ₽ в Москве, Московской области, Санкт-Петербурге и Ленинградской области, 6 млн ₽ в остальных регионах. Сумму сверх лимита часть банков выдаёт по рыночной ставке.",
      "Первоначальный взнос — от 20 %, можно использовать материнский капитал.",
      "Для семей с ребёнком младше 6 лет и семей, воспитывающих ребёнка с инвалидностью. С 2026 года — одна семейная ипотека на семью: супруги оформляют кредит вместе.",
      "Квартира в новостройке у застройщика-юрлица; срок кредита — до 30 лет.",
    ],
  },
  it: {
    ...PROGRAM_TERMS.it,
    conditions: [
      "Ставка не выше 6 % годовых, лимит кредита по льготной ставке — 9 млн ₽.",
      "Первоначальный взнос — от 20 %.",
      "Не действует в Москве, включая Новую Москву, и в Санкт-Петербурге; в Московской области — действует.",
      "Для сотрудников IT-компаний, аккредитованных Минцифры России, на профильных должностях; требования к возрасту и зарплате зависят от численности населения города.",
    ],
  },
};

export const PROGRAM_IDS = Object.keys(PROGRAMS) as ProgramId[];

const LIMITS = {
  price: { min: 100_000, max: 1_000_000_000 },
  term: { min: 1, max: 30 },
  rate: { min: 0, max: 50 },
} as const;

export interface Payment {
  /** 1-based. */
  month: number;
  payment: number;
  principal: number;
  interest: number;
  /** The debt left after this payment. */
  balance: number;
}

export interface MortgageResult {
  loan: number;
  /** The first month's payment: the whole term's for an annuity, the largest for a differentiated loan. */
  firstPayment: number;
  lastPayment: number;
  /** The interest paid over the term. */
  overpayment: number;
  /** Everything paid to the bank: the loan and the interest. */
  total: number;
  schedule: Payment[];
}

export interface InputError {
  field: "price" | "down" | "termYears" | "rate" | "matcap" | "extra";
  message: string;
}

export type Calculation = { ok: true; result: MortgageResult } | { ok: false; errors: InputError[] };

const rub = (kopecks: number) => kopecks / 100;

export function validateMortgage(input: MortgageInput): InputError[] {
  const errors: InputError[] = [];
  const { price, down, termYears, rate } = input;
  if (!Number.isFinite(price) || price < LIMITS.price.min || price > LIMITS.price.max) {
    errors.push({
      field: "price",
      message: `Стоимость квартиры — от ${formatPrice(LIMITS.price.min)} до ${formatPrice(LIMITS.price.max)}`,
    });
  }
  if (!Number.isFinite(down) || down < 0) {
    errors.push({ field: "down", message: "Первоначальный взнос не может быть отрицательным" });
  } else if (down >= price) {
    errors.push({
      field: "down",
      message: "Первоначальный взнос должен быть меньше стоимости квартиры — иначе кредит не нужен",
    });
  }
  if (!Number.isInteger(termYears) || termYears < LIMITS.term.min || termYears > LIMITS.term.max) {
    errors.push({
      field: "termYears",
      message: `Срок кредита — целое число лет от ${LIMITS.term.min} до ${LIMITS.term.max}`,
    });
  }
  if (!Number.isFinite(rate) || rate < LIMITS.rate.min || rate > LIMITS.rate.max) {
    errors.push({
      field: "rate",
      message: `Ставка — от ${LIMITS.rate.min} до ${formatRate(LIMITS.rate.max)} годовых`,
    });
  }
  return errors;
}

/** The schedule month by month; the last payment takes the rounding so the debt ends at exactly zero. */
export function calculateMortgage(input: MortgageInput): Calculation {
  const errors = validateMortgage(input);
  if (errors.length) return { ok: false, errors };
  const loan = Math.round((input.price - input.down) * 100);
  const n = input.termYears * 12;
  const r = input.rate / 100 / 12;
  const annuity = r === 0 ? loan / n : (loan * r) / (1 - (1 + r) ** -n);
  const schedule: Payment[] = [];
  let balance = loan;
  let interestTotal = 0;
  for (let month = 1; month <= n; month++) {
    const interest = Math.round(balance * r);
    let principal: number;
    if (month === n) principal = balance;
    else if (input.type === "annuity") principal = Math.round(annuity) - interest;
    else principal = Math.round((loan * month) / n) - Math.round((loan * (month - 1)) / n);
    balance -= principal;
    interestTotal += interest;
    schedule.push({
      month,
      payment: rub(principal + interest),
      principal: rub(principal),
      interest: rub(interest),
      balance: rub(balance),
    });
  }
  return {
    ok: true,
    result: {
      loan: rub(loan),
      firstPayment: schedule[0]?.payment ?? 0,
      lastPayment: schedule[n - 1]?.payment ?? 0,
      overpayment: rub(interestTotal),
      total: rub(loan + interestTotal),
      schedule,
    },
  };
}

export interface YearTotals {
  /** 1-based year of the loan. */
  year: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
  months: Payment[];
}

/** The schedule grouped by year of the loan (months 1–12, 13–24, …). */
export function yearlySchedule(schedule: readonly Payment[]): YearTotals[] {
  const years: YearTotals[] = [];
  for (const p of schedule) {
    const year = Math.ceil(p.month / 12);
    let totals = years[year - 1];
    if (!totals) {
      totals = { year, payment: 0, principal: 0, interest: 0, balance: 0, months: [] };
      years.push(totals);
    }
    totals.payment += p.payment;
    totals.principal += p.principal;
    totals.interest += p.interest;
    totals.balance = p.balance;
    totals.months.push(p);
  }
  // Sums of kopeck amounts: round away the binary-fraction noise.
  for (const y of years) {
    y.payment = Math.round(y.payment * 100) / 100;
    y.principal = Math.round(y.principal * 100) / 100;
    y.interest = Math.round(y.interest * 100) / 100;
  }
  return years;
}

/** Why the programme does not fit the input, in Russian, with what to change; empty when it fits. */
export function checkProgram(program: MortgageProgram, input: MortgageInput, region: RegionId): string[] {
  const issues: string[] = [];
  if (!program.regions.includes(region)) {
    issues.push(
      `${program.name} не действует на территории «${REGIONS[region]}»: выберите квартиру в Московской области или другую программу.`,
    );
  }
  if (program.maxRate !== null && input.rate > program.maxRate) {
    issues.push(`По программе «${program.name}» ставка не выше ${formatRate(program.maxRate)}.`);
  }
  const loan = input.price - input.down;
  const needed = minimumDown(program, input.price);
  if (program.maxLoan !== null && loan > program.maxLoan) {
    issues.push(
      `Кредит ${formatPrice(loan)} больше лимита программы ${formatPrice(program.maxLoan)}: увеличьте первоначальный взнос до ${formatPrice(needed)} или уточните в банке комбинированный кредит, где сумма сверх лимита — по рыночной ставке.`,
    );
  } else if (input.down < needed) {
    issues.push(
      `По программе «${program.name}» первоначальный взнос — от ${formatShare(program.minDownShare)}, то есть от ${formatPrice(needed)}.`,
    );
  }
  if (input.termYears > program.maxTermYears) {
    issues.push(`По программе «${program.name}» срок кредита — не больше ${program.maxTermYears} лет.`);
  }
  return issues;
}

const DEFAULT_PRICE = 12_000_000;
const DEFAULT_TERM_YEARS = 20;
/** The default down payment for a price, in whole roubles: DOWN_SHARE of it, one amount wherever shown. */
export function defaultDown(price: number): number {
  return Math.round(price * DOWN_SHARE);
}

/** A number from the URL: digits with an optional decimal point or comma; spaces are ignored. */
function numberParam(value: string | null): number | null {
  if (value === null) return null;
  const s = value.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^\d{1,12}(?:\.\d{1,4})?$/.test(s) ? Number(s) : null;
}

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.find((o) => o === value) ?? fallback;
}

/** The calculator's state: the loan's inputs and what only the calculator asks (issue 18). */
export interface CalculatorState extends MortgageState {
  /** Each programme's rate as the visitor set it, % a year; the loan's `rate` is its programme's. */
  rates: Record<ProgramId, number>;
  /** Maternity capital put into the down payment, ₽ (a part of `down`, not added to it). */
  matcap: number;
  /** Paid above the schedule every month to close the loan sooner, ₽. */
  extra: number;
}

/** A maternity capital certificate's usual amount for the first child, for the calculator to start from. */
export const MATCAP_DEFAULT = 690_266;

/**
 * Reads `?price=…&down=…&term=…&rate=…&program=…&type=…&region=…&rates=…&matcap=…&extra=…`. Missing or
 * unreadable values take the defaults (down: 20 % of the price, rate: the programme's); readable values out
 * of range are kept, so the calculator can say what is wrong with them. `rates` lists the programmes whose
 * rate was changed, as `market:18.5,it:5`.
 */
export function parseMortgageQuery(search: URLSearchParams): CalculatorState {
  const program = pick(search.get("program"), PROGRAM_IDS, "market");
  const price = numberParam(search.get("price")) ?? DEFAULT_PRICE;
  const rates = Object.fromEntries(PROGRAM_IDS.map((id) => [id, PROGRAMS[id].rate])) as Record<
    ProgramId,
    number
  >;
  for (const part of (search.get("rates") ?? "").split(",")) {
    const [id, value] = part.split(":");
    const rate = numberParam(value ?? null);
    const known = PROGRAM_IDS.find((p) => p === id);
    if (known && rate !== null) rates[known] = rate;
  }
  const rate = numberParam(search.get("rate")) ?? rates[program];
  rates[program] = rate;
  return {
    program,
    price,
    down: numberParam(search.get("down")) ?? defaultDown(price),
    termYears: numberParam(search.get("term")) ?? DEFAULT_TERM_YEARS,
    rate,
    type: pick(search.get("type"), PAYMENT_TYPES, "annuity"),
    region: pick(search.get("region"), ["msk", "mo"] as const, "msk"),
    rates,
    matcap: numberParam(search.get("matcap")) ?? 0,
    extra: numberParam(search.get("extra")) ?? 0,
  };
}

/** The calculator's URL query: the loan's (mortgageQuery), then the changed rates, capital and extra payments. */
export function calculatorQuery(state: CalculatorState): string {
  const q = new URLSearchParams(mortgageQuery(state));
  const changed = PROGRAM_IDS.filter((id) => id !== state.program && state.rates[id] !== PROGRAMS[id].rate);
  if (changed.length) q.set("rates", changed.map((id) => `${id}:${state.rates[id]}`).join(","));
  if (state.matcap > 0) q.set("matcap", String(state.matcap));
  if (state.extra > 0) q.set("extra", String(state.extra));
  return q.toString();
}

/** Why the calculator's own inputs do not fit together, in Russian; empty when they do. */
export function checkCalculator(state: CalculatorState): InputError[] {
  const errors: InputError[] = [];
  if (state.matcap > state.down) {
    errors.push({
      field: "matcap",
      message:
        "Материнский капитал входит в первоначальный взнос: увеличьте взнос хотя бы до суммы капитала или уменьшите капитал",
    });
  }
  if (state.extra < 0)
    errors.push({ field: "extra", message: "Досрочный платёж не может быть отрицательным" });
  return errors;
}

export interface EarlyRepayment {
  /** Months until the loan is closed with the extra payments. */
  months: number;
  interest: number;
  savedMonths: number;
  savedInterest: number;
}

/**
 * The loan with `extra` ₽ paid above the schedule every month, the regular payment kept (so the term
 * shortens): how long it takes and how much interest it saves against `base`.
 */
export function earlyRepayment(input: MortgageInput, base: MortgageResult, extra: number): EarlyRepayment {
  const n = input.termYears * 12;
  const r = input.rate / 100 / 12;
  const loan = Math.round(base.loan * 100);
  const regular = Math.round(base.firstPayment * 100);
  const step = Math.round(extra * 100);
  let balance = loan;
  let interest = 0;
  let months = 0;
  while (balance > 0 && months < n) {
    months += 1;
    const i = Math.round(balance * r);
    const principal =
      input.type === "annuity"
        ? regular - i
        : Math.round((loan * months) / n) - Math.round((loan * (months - 1)) / n);
    interest += i;
    balance -= Math.min(balance, principal + step);
  }
  return {
    months,
    interest: rub(interest),
    savedMonths: n - months,
    savedInterest: Math.round(base.overpayment - rub(interest)),
  };
}

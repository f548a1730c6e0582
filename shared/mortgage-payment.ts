/**
 * The part of the mortgage maths that cards, filters and the apartment page need without the calculator: the
 * programmes' numbers, the payment quote (paymentQuote: a payment stated with the programme, rate, down
 * payment and term that produce it — the only way the site states a payment), its sentence, the URL of a
 * calculator state, and the payment filter's inverse (the highest price for a monthly payment).
 * shared/mortgage.ts re-exports all of it; it is a module of its own so the listing's chunk does not carry the
 * programmes' texts and the schedule.
 */
import { countOf, formatDecimal, formatPrice, WORDS } from "./format";

export type PaymentType = "annuity" | "differentiated";
export type ProgramId = "market" | "family" | "it";
/** Where the flat is: Moscow with New Moscow, or the Moscow region (the IT programme excludes the city). */
export type RegionId = "msk" | "mo";

/** The market programme's rate, % a year: the cards' «от N ₽/мес» assume it. */
export const MARKET_RATE = 20;

/** The down payment banks usually ask for at least (20 %): the calculator's default and the cards' assumption. */
export const DOWN_SHARE = 0.2;

export interface MortgageInput {
  price: number;
  down: number;
  termYears: number;
  /** % a year. */
  rate: number;
  type: PaymentType;
}

/** The calculator's state as it lives in the URL. */
export interface MortgageState extends MortgageInput {
  program: ProgramId;
  region: RegionId;
}

const NBSP = "\u00a0";

/** «6 %», «5,5 %» */
export function formatRate(rate: number): string {
  return `${formatDecimal(rate, 2)}${NBSP}%`;
}

/** 0.2 → «20 %» */
export function formatShare(share: number): string {
  return formatRate(Math.round(share * 1000) / 10);
}

/** The programmes' numbers: what a payment quote needs (their texts are in shared/mortgage.ts). */
export interface ProgramTerms {
  id: ProgramId;
  name: string;
  /** The same name inside a sentence: «по рыночной ипотеке». */
  byName: string;
  /** The rate the calculator sets when the programme is chosen, % a year. */
  rate: number;
  /** The programme's ceiling on the rate, % a year; null for market loans. */
  maxRate: number | null;
  /** The largest loan at the programme's rate in Moscow and the region, ₽; null: no limit. */
  maxLoan: number | null;
  minDownShare: number;
  maxTermYears: number;
  regions: readonly RegionId[];
}

export const PROGRAM_TERMS: Record<ProgramId, ProgramTerms> = {
  market: {
    id: "market",
    name: "Рыночная ипотека",
    byName: "по рыночной ипотеке",
    rate: MARKET_RATE,
    maxRate: null,
    maxLoan: null,
    minDownShare: 0,
    maxTermYears: 30,
    regions: ["msk", "mo"],
  },
  family: {
    id: "family",
    name: "Семейная ипотека",
    byName: "по семейной ипотеке",
    rate: 6,
    maxRate: 6,
    maxLoan: 12_000_000,
    minDownShare: 0.2,
    maxTermYears: 30,
    regions: ["msk", "mo"],
  },
  it: {
    id: "it",
    name: "IT-ипотека",
    byName: "по IT-ипотеке",
    rate: 6,
    maxRate: 6,
    maxLoan: 9_000_000,
    minDownShare: 0.2,
    maxTermYears: 30,
    regions: ["mo"],
  },
};

/** The smallest down payment that meets the programme's share and keeps the loan within its limit. */
export function minimumDown(program: ProgramTerms, price: number): number {
  // The epsilon keeps float noise (12 000 000 × 0,2 = 2 400 000,0000000005) from adding a rouble.
  const byShare = Math.ceil(price * program.minDownShare - 1e-6);
  const byLimit = program.maxLoan === null ? 0 : price - program.maxLoan;
  return Math.max(byShare, byLimit, 0);
}

/** The term every quoted payment assumes (the cards', the apartment page's, the programmes'): their longest. */
export const CARD_TERM_YEARS = 30;

/**
 * The first month's annuity payment in whole roubles, as the calculator counts it (kopecks, then rounded to
 * the rouble): `loan` ₽ at `rate` % a year over `termYears` years.
 */
export function annuityPayment(loan: number, rate: number, termYears: number): number {
  const kopecks = Math.round(loan * 100);
  const n = termYears * 12;
  const r = rate / 100 / 12;
  const monthly = r === 0 ? kopecks / n : (kopecks * r) / (1 - (1 + r) ** -n);
  return Math.round(Math.round(monthly) / 100);
}

/** A monthly payment with everything that produces it: one programme, its rate, the down payment and term. */
export interface PaymentQuote {
  program: ProgramTerms;
  price: number;
  down: number;
  loan: number;
  rate: number;
  termYears: number;
  /** ₽ a month, whole roubles: annuityPayment(loan, rate, termYears). */
  payment: number;
  /** The calculator's state that shows this payment. */
  state: MortgageState;
}

/**
 * The payment under a programme for a price: the smallest down payment the programme allows, but at least
 * DOWN_SHARE (20 %), the programme's rate, CARD_TERM_YEARS, annuity. Every payment the site shows is one.
 */
export function paymentQuote(program: ProgramId, price: number, region: RegionId = "msk"): PaymentQuote {
  const p = PROGRAM_TERMS[program];
  const down = Math.max(minimumDown(p, price), Math.round(price * DOWN_SHARE));
  const termYears = Math.min(CARD_TERM_YEARS, p.maxTermYears);
  const loan = price - down;
  return {
    program: p,
    price,
    down,
    loan,
    rate: p.rate,
    termYears,
    payment: annuityPayment(loan, p.rate, termYears),
    state: { program, region, price, down, termYears, rate: p.rate, type: "annuity" },
  };
}

/**
 * The payment cards, the payment filter and the apartment page's first line show: the market programme,
 * which every buyer can get (the preferential ones ask for children or an IT job).
 */
export function cardQuote(price: number): PaymentQuote {
  return paymentQuote("market", price);
}

/** The monthly payment a card shows for a price, whole roubles. */
export function cardPayment(price: number): number {
  return cardQuote(price).payment;
}

/** The calculator's state behind a card's «от N ₽/мес». */
export function cardPaymentState(price: number): MortgageState {
  return cardQuote(price).state;
}

/** The market payment per rouble of price: a first guess for priceForPayment. */
function cardAnnuityFactor(): number {
  const r = MARKET_RATE / 100 / 12;
  const n = CARD_TERM_YEARS * 12;
  return (r / (1 - (1 + r) ** -n)) * (1 - DOWN_SHARE);
}

/** The highest whole-rouble price whose card payment is at most `payment` ₽ a month (the payment filter's bound). */
export function priceForPayment(payment: number): number {
  let price = Math.floor(payment / cardAnnuityFactor());
  while (cardPayment(price + 1) <= payment) price++;
  while (price > 0 && cardPayment(price) > payment) price--;
  return price;
}

/** A monthly payment range as the price range it allows (the payment filter's bound). */
export function paymentPriceRange(r: { min?: number; max?: number }): { min?: number; max?: number } {
  return {
    ...(r.min !== undefined ? { min: r.min > 0 ? priceForPayment(r.min - 1) + 1 : 0 } : {}),
    ...(r.max !== undefined ? { max: priceForPayment(r.max) } : {}),
  };
}

/** «от 96 502 ₽/мес» */
export function formatPaymentFrom(payment: number): string {
  return `от${NBSP}${formatPrice(payment)}/мес`;
}

/** «взнос 13 950 861 ₽ (20 %), срок 30 лет»: the quote's down payment and term. */
export function quoteTerms(q: PaymentQuote): string {
  return `взнос ${formatPrice(q.down)} (${formatShare(q.down / q.price)}), срок ${countOf(q.termYears, WORDS.year)}`;
}

/** «932 486 ₽ в месяц по рыночной ипотеке под 20 %: взнос 13 950 861 ₽ (20 %), срок 30 лет» */
export function quoteSentence(q: PaymentQuote): string {
  return `${formatPrice(q.payment)} в месяц ${q.program.byName} под${NBSP}${formatRate(q.rate)}: ${quoteTerms(q)}`;
}

/** How a quote's payment is counted, for the tooltip of «от N ₽/мес»: the numbers of the quote itself. */
export function quoteNote(q: PaymentQuote): string {
  return `${q.program.name} под ${formatRate(q.rate)} годовых, ${quoteTerms(q)}, аннуитетные платежи. Точную ставку назовёт банк.`;
}

/** The URL query of a state, in a fixed order; parseMortgageQuery reads it back unchanged. */
export function mortgageQuery(state: MortgageState): string {
  return new URLSearchParams({
    price: String(state.price),
    down: String(state.down),
    term: String(state.termYears),
    rate: String(state.rate),
    program: state.program,
    type: state.type,
    region: state.region,
  }).toString();
}

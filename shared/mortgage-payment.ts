/**
 * The part of the mortgage maths that cards and filters need without the calculator: the URL of a calculator
 * state, and «от N ₽/мес» under the cards' assumptions (the market programme, 20 % down, 30 years), with its
 * inverse, the highest price for a monthly payment. shared/mortgage.ts re-exports all of it; it is a module
 * of its own so the listing's chunk does not carry the programmes' texts and the schedule.
 */
import { formatDecimal, formatPrice } from "./format";

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

/** The assumptions of «от N ₽/мес» on cards and in the payment filter: the market programme, 20 % down, 30 years. */
export const CARD_TERM_YEARS = 30;

/** The calculator's state behind a card's «от N ₽/мес». */
export function cardPaymentState(price: number): MortgageState {
  return {
    program: "market",
    region: "msk",
    price,
    down: Math.round(price * DOWN_SHARE),
    termYears: CARD_TERM_YEARS,
    rate: MARKET_RATE,
    type: "annuity",
  };
}

/** The monthly payment per rouble of price under the cards' assumptions. */
function cardAnnuityFactor(): number {
  const r = MARKET_RATE / 100 / 12;
  const n = CARD_TERM_YEARS * 12;
  return (r / (1 - (1 + r) ** -n)) * (1 - DOWN_SHARE);
}

/** The monthly payment a card shows for a price, whole roubles (the annuity's first payment, rounded up). */
export function cardPayment(price: number): number {
  return Math.ceil(price * cardAnnuityFactor() - 1e-6);
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

/** The assumptions behind «от N ₽/мес», for its tooltip. */
export function cardPaymentNote(): string {
  return `Рыночная ипотека под ${formatRate(MARKET_RATE)} годовых, первоначальный взнос ${formatShare(DOWN_SHARE)}, срок ${CARD_TERM_YEARS} лет, аннуитетные платежи. Точную ставку назовёт банк.`;
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

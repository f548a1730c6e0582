/** Russian text about an apartment, shared by the lists, the chessboard and the apartment page. */
import { formatArea, formatDecimal, formatPrice, formatRange } from "../../../shared/format";
import { cardQuote, quoteSentence } from "../../../shared/mortgage-payment";

/** «Квартира-студия», «2-комнатная квартира», «Квартира свободной планировки» */
export function roomsNoun(rooms: number): string {
  if (rooms === 0) return "Квартира-студия";
  if (rooms < 0) return "Квартира свободной планировки";
  return `${rooms}-комнатная квартира`;
}

/** «2-комнатная квартира, 68,8 м²» */
export const apartmentTitle = (a: { rooms: number; area_total: number }) =>
  `${roomsNoun(a.rooms)}, ${formatArea(a.area_total)}`;

/** «16 из 19 эт.» */
export const floorLabel = (floor: number, floors: number) => `${floor} из ${floors}\u00a0эт.`;

/** «591 961 ₽/м²» */
export const pricePerMeter = (value: number) => `${formatPrice(value)}/м²`;

/** The chessboard's short rooms: «Ст», «2к», «Св». */
export function roomsShort(rooms: number): string {
  if (rooms === 0) return "Ст";
  if (rooms < 0) return "Св";
  return `${rooms}к`;
}

/** «67,7–96,6 м²» */
export const areaRange = (min: number, max: number) =>
  `${formatRange(formatDecimal(min, 1), formatDecimal(max, 1))}\u00a0м²`;

/**
 * What the apartment's mortgage block says first: «Квартира стоит 69 754 305 ₽. Платёж — 932 486 ₽ в месяц
 * по рыночной ипотеке под 20 %: взнос 13 950 861 ₽ (20 %), срок 30 лет.» — the card's quote (the same payment
 * as the flat's «от … ₽/мес»), every number of it stated; the programmes' own quotes follow it.
 */
export const mortgageLine = (price: number) =>
  `Квартира стоит ${formatPrice(price)}. Платёж — ${quoteSentence(cardQuote(price))}.`;

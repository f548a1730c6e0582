/**
 * ru-RU formatting shared by the server and the browser. Numbers, dates and plurals are written here by hand, not
 * by Intl.NumberFormat, Intl.DateTimeFormat or Intl.PluralRules: a browser's first such object loads ICU's locale
 * data (40 ms and more on a throttled phone, in the one task that runs the app's modules before hydration), and
 * the server's ICU and the browser's need not agree (Chrome writes «март 26» where Node writes «мар. 26»).
 */

const NBSP = "\u00a0";

/**
 * «1 234 567», «45,3», «96 502,16»: thousands grouped by no-break spaces, a decimal comma, rounded half away
 * from zero (as Intl) to at most `max` decimals, trailing zeros dropped down to `min` decimals.
 */
export function formatDecimal(value: number, max = 0, min = 0): string {
  const scale = 10 ** max;
  // toPrecision drops the float's noise (1.005 × 100 = 100.49999…), so a half rounds up as written.
  const scaled = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  const whole = Math.floor(scaled / scale);
  const fraction = max
    ? String(scaled - whole * scale)
        .padStart(max, "0")
        .replace(/0+$/, "")
        .padEnd(min, "0")
    : "";
  const digits = String(whole).replace(/\B(?=(\d{3})+$)/g, NBSP);
  return `${value < 0 ? "-" : ""}${digits}${fraction ? `,${fraction}` : ""}`;
}

export function formatNumber(value: number): string {
  return formatDecimal(value);
}

/** «12 500 000 ₽» */
export function formatPrice(value: number): string {
  return `${formatNumber(Math.round(value))}${NBSP}₽`;
}

/** «96 502,16 ₽» */
export function formatMoney(value: number): string {
  return `${formatDecimal(value, 2, 2)}${NBSP}₽`;
}

/** A price in its unit, to 0,1 млн/млрд or 1 тыс., by `round` (the float's noise below a rouble ignored). */
function shortPrice(value: number, round: (x: number) => number): string {
  const at = (step: number) => round(value / step + 1e-9);
  if (value >= 1e9) return `${formatDecimal(at(1e8) / 10, 1)}${NBSP}млрд${NBSP}₽`;
  if (value >= 1e6) return `${formatDecimal(at(1e5) / 10, 1)}${NBSP}млн${NBSP}₽`;
  if (value >= 1e3) return `${formatDecimal(at(1e3))}${NBSP}тыс.${NBSP}₽`;
  return formatPrice(round(value));
}

/** «8,1 млн ₽», «245 тыс. ₽», «1,2 млрд ₽» */
export function formatPriceShort(value: number): string {
  return shortPrice(value, Math.round);
}

/** «от 8,1 млн ₽»: rounded down, so «от» is never above the cheapest price it stands for. */
export function formatPriceFrom(value: number): string {
  return `от${NBSP}${shortPrice(value, Math.floor)}`;
}

/** «от 245 тыс. ₽/м²», rounded down like formatPriceFrom. */
export function formatPricePerMeterFrom(value: number): string {
  return `от${NBSP}${shortPrice(value, Math.floor)}/м²`;
}

/** «45,3 м²» */
export function formatArea(value: number): string {
  return `${formatDecimal(value, 1)}${NBSP}м²`;
}

/**
 * CLDR's plural category of a number in Russian, as `new Intl.PluralRules("ru-RU").select` gives it (the test
 * compares them): a whole number by its last digits, one with a fraction (to three decimals, as Intl rounds)
 * «other». The profile of the listing's load had `select`'s first call (ICU's plural data) in its render.
 */
function pluralCategory(count: number): "one" | "few" | "many" | "other" {
  const n = Math.round(Math.abs(count) * 1000) / 1000;
  if (!Number.isInteger(n)) return "other";
  const d = n % 10;
  const dd = n % 100;
  if (d === 1 && dd !== 11) return "one";
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return "few";
  return "many";
}

/** plural(5, ["квартира", "квартиры", "квартир"]) -> «квартир» */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = pluralCategory(count);
  if (rule === "one") return forms[0];
  if (rule === "few") return forms[1];
  return forms[2];
}

/**
 * The genitive a number governs after a preposition: «у 21 из 21 места», «из 31 места», «из 25 мест». A number
 * whose last word is «один» (1, 21, 101…) takes the genitive singular, every other the genitive plural.
 * pluralGenitive(21, ["места", "мест"]) -> «места».
 */
export function pluralGenitive(count: number, forms: readonly [one: string, many: string]): string {
  return pluralCategory(count) === "one" ? forms[0] : forms[1];
}

/** «из 21 места», «из 25 мест»: «из» and a count with the genitive it governs. */
export function outOf(count: number, forms: readonly [one: string, many: string]): string {
  return `из${NBSP}${formatNumber(count)}${NBSP}${pluralGenitive(count, forms)}`;
}

/**
 * A name's key in Russian alphabetical order: case and «ё» aside, code points order the alphabet. It orders the
 * names of shared/geo (okrugs, districts, cities, stations) as localeCompare(…, "ru") does (the test compares
 * them), without ICU's collation data: that took a 40 ms task at 4× CPU while the home page hydrated.
 */
export const ruSortKey = (name: string) => name.toLowerCase().replace(/ё/g, "е");

/** Two names in Russian alphabetical order (ruSortKey), for a sort. */
export function compareRu(a: string, b: string): number {
  const [x, y] = [ruSortKey(a), ruSortKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** «5 квартир» */
export function countOf(count: number, forms: readonly [string, string, string]): string {
  return `${formatNumber(count)}${NBSP}${plural(count, forms)}`;
}

export const WORDS = {
  apartment: ["квартира", "квартиры", "квартир"],
  /** After a verb that takes the accusative: «Показать 1 квартиру», «Показать 35 981 квартиру». */
  apartmentAccusative: ["квартиру", "квартиры", "квартир"],
  complex: ["ЖК", "ЖК", "ЖК"],
  residentialComplex: ["жилой комплекс", "жилых комплекса", "жилых комплексов"],
  minute: ["минута", "минуты", "минут"],
  object: ["объект", "объекта", "объектов"],
  article: ["статья", "статьи", "статей"],
  company: ["компания", "компании", "компаний"],
  developer: ["застройщик", "застройщика", "застройщиков"],
  year: ["год", "года", "лет"],
  month: ["месяц", "месяца", "месяцев"],
  house: ["корпус", "корпуса", "корпусов"],
  floor: ["этаж", "этажа", "этажей"],
  offer: ["предложение", "предложения", "предложений"],
} as const satisfies Record<string, readonly [string, string, string]>;

/** Genitive forms after «из N» (pluralGenitive, outOf): singular and plural. */
export const WORDS_GENITIVE = {
  place: ["места", "мест"],
} as const satisfies Record<string, readonly [string, string]>;

const MONTHS = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
] as const;

/** A moment on Moscow's wall clock (UTC+3 all year since 2014), read with the Date's UTC getters. */
function moscow(value: Date | string | number): Date {
  return new Date((value instanceof Date ? value : new Date(value)).getTime() + 3 * 3_600_000);
}

/** «21 ноября 2026» (without the trailing «г.»). */
export function formatDate(value: Date | string | number): string {
  const d = moscow(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Months as a date's short form writes them alone (CLDR's stand-alone abbreviations). */
const MONTHS_SHORT = [
  "янв.",
  "февр.",
  "март",
  "апр.",
  "май",
  "июнь",
  "июль",
  "авг.",
  "сент.",
  "окт.",
  "нояб.",
  "дек.",
] as const;

/** «март 26»: a month and its year's last two digits, in Moscow. */
export function formatMonthShort(value: Date | string | number): string {
  const d = moscow(value);
  return `${MONTHS_SHORT[d.getUTCMonth()]} ${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
}

/** «14:05» in Moscow time. */
export function formatTime(value: Date | string | number): string {
  const d = moscow(value);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const ROMAN = ["I", "II", "III", "IV"] as const;

/** The year and quarter in Moscow at a moment. */
export function moscowQuarter(now: Date): { year: number; quarter: number } {
  const msk = moscow(now);
  return { year: msk.getUTCFullYear(), quarter: Math.floor(msk.getUTCMonth() / 3) + 1 };
}

/** An unfinished house whose deadline quarter has ended: its deadline is overdue. */
export function isOverdue(year: number, quarter: number, finished: boolean, now: Date): boolean {
  const today = moscowQuarter(now);
  return !finished && year * 4 + quarter < today.year * 4 + today.quarter;
}

/**
 * Deadline as the market writes it, the promised one or when it was finished: «IV кв. 2026»; a deadline that
 * is overdue or was moved says so: «III кв. 2021 — перенесён».
 */
export function formatDeadline(year: number | null, quarter: number | null, moved = false): string {
  if (!year) return "Срок не указан";
  const q = quarter && quarter >= 1 && quarter <= 4 ? `${ROMAN[quarter - 1]}${NBSP}кв.${NBSP}` : "";
  return `${q}${year}${moved ? `${NBSP}— перенесён` : ""}`;
}

/**
 * A card's deadline in one line: «Сдан», or «Срок сдачи: IV кв. 2026». The one place that words a single
 * deadline for a buyer; a page that shows the stage («Сдан») beside it writes «Срок сдачи: {label}» instead.
 */
export function deadlineLine(d: { finished: boolean; label: string }): string {
  return d.finished ? "Сдан" : `Срок сдачи: ${d.label}`;
}

/** Rooms as the market writes them: «Студия», «1-комн.», «Своб. планировка». 0 = studio, -1 = open plan. */
export function formatRooms(rooms: number): string {
  if (rooms === 0) return "Студия";
  if (rooms < 0) return "Своб. планировка";
  if (rooms >= 5) return "5+-комн.";
  return `${rooms}-комн.`;
}

/** «7 мин пешком», «12 мин на транспорте» */
export function formatDistance(minutes: number, type: "foot" | "transport"): string {
  return `${minutes}${NBSP}мин ${type === "foot" ? "пешком" : `на${NBSP}транспорте`}`;
}

/** Ranges with an en dash and no spaces: «3–8», «2026–2027». */
export function formatRange(a: string | number, b: string | number): string {
  return a === b ? String(a) : `${a}–${b}`;
}

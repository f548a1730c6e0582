/**
 * Amounts as people type them into a filter: «8 млн», «8,5 млн», «8 500 000», «850 тыс.», «1,2 млрд ₽»;
 * areas as «45», «45,5 м²». A leading «от»/«до» and the unit are allowed; anything else is not a number
 * (null), never a guess.
 */

const MULTIPLIERS: Record<string, number> = {
  "": 1,
  т: 1e3,
  тыс: 1e3,
  тысяч: 1e3,
  тысячи: 1e3,
  тысяча: 1e3,
  к: 1e3,
  м: 1e6,
  млн: 1e6,
  миллион: 1e6,
  миллиона: 1e6,
  миллионов: 1e6,
  млрд: 1e9,
  миллиард: 1e9,
  миллиарда: 1e9,
  миллиардов: 1e9,
};

/** Digits grouped by spaces («8 500 000») or plain, with one decimal comma or point. */
const NUMBER = /^(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d+))?$/;

function readNumber(text: string): number | null {
  const m = NUMBER.exec(text);
  if (!m) return null;
  return Number(`${(m[1] ?? "").replace(/ /g, "")}.${m[2] ?? "0"}`);
}

/** Spaces of every kind as one space, lower case, «ё» as «е», the «от»/«до» and the unit's sign cut off. */
function normalise(text: string, unit: RegExp): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim()
    .replace(/^(?:от|до)\s+/, "")
    .replace(unit, "")
    .trim();
}

/** A price in roubles, whole; null when the text is not one. */
export function parsePrice(text: string): number | null {
  const s = normalise(text, /\s*(?:₽|руб(?:\.|лей|ля|ль)?|р\.?)$/);
  const m = /^(.*?)\s*([а-я]*)\.?$/.exec(s);
  if (!m) return null;
  const multiplier = MULTIPLIERS[m[2] ?? ""];
  const value = readNumber(m[1] ?? "");
  if (multiplier === undefined || value === null) return null;
  const rub = Math.round(value * multiplier);
  return rub <= 1e12 ? rub : null;
}

/** An area in m², to a tenth; null when the text is not one. */
export function parseArea(text: string): number | null {
  const value = readNumber(normalise(text, /\s*(?:м²|м2|кв\.?\s*м\.?|м)$/));
  if (value === null || value > 10_000) return null;
  return Math.round(value * 10) / 10;
}

/**
 * A commute's time as a card says it (issue 32): «≈ 38 мин», and its parts «9 мин пешком, 27 мин на метро,
 * 1 пересадка». Always «≈»: the model's estimate (the method page /vremya-v-puti/).
 */
import { countOf, formatDistance } from "../format";
import type { CommuteTime } from "../schemas/catalogue";

const NBSP = "\u00a0";
const TRANSFERS = ["пересадка", "пересадки", "пересадок"] as const;

/** «≈ 38 мин» */
export const approxMinutes = (minutes: number): string => `≈${NBSP}${minutes}${NBSP}мин`;
export const commuteMinutes = (t: CommuteTime): string => approxMinutes(t.minutes);

/** «9 мин пешком, 27 мин на метро, 1 пересадка»; the walk alone when the destination is the complex's station. */
export function commuteParts(t: CommuteTime): string {
  const walk = formatDistance(t.walk, "foot");
  if (t.ride === 0) return walk;
  const transfers = t.transfers ? countOf(t.transfers, TRANSFERS) : `без${NBSP}пересадок`;
  return `${walk}, ${t.ride}${NBSP}мин на${NBSP}метро, ${transfers}`;
}

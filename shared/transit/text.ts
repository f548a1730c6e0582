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

/** What a kind of line is called after «на»: «на метро», «на МЦК», «на МЦД». */
const RIDDEN: Record<CommuteTime["kinds"][number], string> = { metro: "метро", mcc: "МЦК", mcd: "МЦД" };

/**
 * What is ridden, each kind once in the order first ridden: «на метро» only when every line is the metro's,
 * «на метро и МЦК», «на МЦД, метро и МЦК». Without the lines' kinds (none known), «в пути».
 */
export function ridden(kinds: readonly CommuteTime["kinds"][number][]): string {
  const names = [...new Set(kinds)].map((k) => RIDDEN[k]);
  const last = names.pop();
  if (last === undefined) return `в${NBSP}пути`;
  return `на${NBSP}${names.length ? `${names.join(", ")} и ${last}` : last}`;
}

/**
 * «9 мин пешком, 27 мин на метро, 1 пересадка»; the walk alone when the destination is the complex's station.
 * To a point (`t.after`), the walk from the last station after it: «…, 1 пересадка, от м. Охотный Ряд 12 мин
 * пешком» (`station`: the station's name as the card writes it).
 */
export function commuteParts(t: CommuteTime, station?: string): string {
  const walk = formatDistance(t.walk, "foot");
  const after = t.after && station ? `, от${NBSP}${station} ${formatDistance(t.after, "foot")}` : "";
  if (t.ride === 0) return `${walk}${after}`;
  const transfers = t.transfers ? countOf(t.transfers, TRANSFERS) : `без${NBSP}пересадок`;
  return `${walk}, ${t.ride}${NBSP}мин ${ridden(t.kinds)}, ${transfers}${after}`;
}

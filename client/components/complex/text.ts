/** Russian text and links about a complex, shared by the complex and apartments pages. */
import { formatDeadline, formatDistance } from "../../../shared/format";
import { regionNamed } from "../../../shared/geo/regions";
import type { RegionId } from "../../../shared/mortgage";
import type { Deadline, House, StationLink } from "../../../shared/schemas/catalogue";

/** «ЖК «Сокольники»» */
export const complexTitle = (name: string) => `ЖК «${name}»`;

/** «Бизнес-класс» */
export const classLabel = (className: string) => (className ? `${className}-класс` : "");

/** The named listing page of a region and «in the region» for titles. */
export const regionPath = (region: string): string => regionNamed(region)?.listing ?? "/novostroyki/";
export const regionIn = (region: string): string => regionNamed(region)?.shortIn ?? "";

/** Where the mortgage programmes apply: the IT programme excludes Moscow and New Moscow. */
export const mortgageRegion = (region: string): RegionId => regionNamed(region)?.mortgage ?? "msk";

const STATION_PREFIX: Record<StationLink["kind"], string> = { metro: "м.", mcc: "МЦК", mcd: "МЦД" };
const STATION_TYPE: Record<StationLink["kind"], string> = { metro: "po-metro", mcc: "mck", mcd: "mcd" };

/** «м. Сокольники», «МЦК Белокаменная» */
export const stationName = (s: Pick<StationLink, "kind" | "name">) =>
  `${STATION_PREFIX[s.kind]}\u00a0${s.name}`;
/** «7 мин пешком», «12 мин на транспорте», «≈ 9 мин пешком» (estimated), "" (time not known). */
export const stationDistance = (s: StationLink) =>
  s.minutes === null
    ? ""
    : `${s.estimated ? "≈\u00a0" : ""}${formatDistance(s.minutes, s.distance_type === 1 ? "foot" : "transport")}`;
/** « · 7 мин пешком» after a station's name, or nothing when the time is not known. */
export const withDistance = (s: StationLink) => (s.minutes === null ? "" : ` · ${stationDistance(s)}`);
/** The listing of complexes near the station. */
export const stationPath = (s: StationLink) => `/${STATION_TYPE[s.kind]}/${s.slug}/`;

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((n >> shift) & 255) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const DARK_INK = "#111827";
const DARK_LUMINANCE = luminance(DARK_INK);

/**
 * Dark or white text on a line colour, whichever contrasts more (WCAG 2 ratio). For any colour the better
 * of the two is at least 4,5:1, so a line badge is always readable (the grey-blue and orange lines included).
 */
export function inkOn(hex: string): string {
  const bg = luminance(hex);
  return contrast(bg, 1) >= contrast(bg, DARK_LUMINANCE) ? "#ffffff" : DARK_INK;
}

/**
 * The houses' deadlines in a few words, after «Срок сдачи»: «IV кв. 2026», «с I кв. 2029 по IV кв. 2030»,
 * «часть корпусов сдана, остальные — до IV кв. 2030»; a finished complex's is when its last house was finished;
 * an overdue or moved one says so: «III кв. 2021 — перенесён», «с III кв. 2021 по IV кв. 2027, сроки перенесены».
 */
export function deadlinesOf(houses: readonly House[], fallback: Deadline): string {
  const order = (d: Deadline) => d.year * 10 + d.quarter;
  const open = houses.map((h) => h.deadline).filter((d) => !d.finished);
  const done = houses.map((h) => h.deadline).filter((d) => d.finished);
  const sorted = (open.length ? open : done).sort((a, b) => order(a) - order(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return fallback.label;
  if (!open.length) return last.label;
  if (first.label === last.label && !done.length) return last.label;
  const moved = sorted.some((d) => d.moved) ? ", сроки перенесены" : "";
  const plain = (d: Deadline) => formatDeadline(d.year, d.quarter);
  if (done.length) return `часть корпусов сдана, остальные — до ${plain(last)}${moved}`;
  return `с ${plain(first)} по ${plain(last)}${moved}`;
}

/**
 * The map coloured by commute (issue 32): a complex's time to the destination in bands of 15 minutes, each a
 * colour that keeps 3:1 against the map's base (#eceee8) and 4.5:1 under a cluster's white count (WCAG non-text
 * and text contrast; shared/transit/bands.test.ts checks both). Never the colour alone: the legend names each
 * band, and a point's and a cluster's label say the minutes.
 */
import { COMMUTE_HORIZON } from "../filters/commute";

const NBSP = "\u00a0";

/** The bands' upper bounds in minutes, up to the longest trip stored (COMMUTE_HORIZON). */
export const COMMUTE_BANDS = [15, 30, 45, 60, 75, COMMUTE_HORIZON] as const;

/** The bands' colours, quickest first, then the grey of a complex whose time is not known (or over the horizon). */
export const COMMUTE_BAND_COLORS = [
  "#0b6e4f",
  "#4d7c0f",
  "#8a6d00",
  "#b45309",
  "#c0392b",
  "#8e1f6b",
] as const;
export const COMMUTE_UNKNOWN_COLOR = "#6b7280";

/** The map's base under the points (client/components/map/map.css .cmap__frame). */
export const MAP_BASE_COLOR = "#eceee8";

/** A time's band (0 for ≤ 15 minutes…), or -1 when no time is known. */
export function commuteBand(minutes: number | null | undefined): number {
  if (minutes === null || minutes === undefined || minutes < 0) return -1;
  return COMMUTE_BANDS.findIndex((max) => minutes <= max);
}

/** A band's colour (the grey for -1). */
export const commuteBandColor = (band: number): string => COMMUTE_BAND_COLORS[band] ?? COMMUTE_UNKNOWN_COLOR;

/** The legend's words of a band: «до 15 мин», «16–30 мин»…; -1 is «неизвестно или дольше 90 мин». */
export function commuteBandLabel(band: number): string {
  const max = COMMUTE_BANDS[band];
  if (max === undefined) return `неизвестно или дольше ${COMMUTE_HORIZON}${NBSP}мин`;
  return band === 0 ? `до ${max}${NBSP}мин` : `${(COMMUTE_BANDS[band - 1] ?? 0) + 1}–${max}${NBSP}мин`;
}

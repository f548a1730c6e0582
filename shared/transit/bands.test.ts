import { describe, expect, it } from "vitest";
import {
  COMMUTE_BAND_COLORS,
  COMMUTE_UNKNOWN_COLOR,
  commuteBand,
  commuteBandColor,
  commuteBandLabel,
  MAP_BASE_COLOR,
} from "./bands";

/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
};
const s = (text: string) => text.replace(/\u00a0/g, " ");

describe("the commute's bands on the map", () => {
  it("puts a time in its 15-minute band, the bounds inclusive; no time is -1", () => {
    const cases: [number | null, number][] = [
      [0, 0],
      [15, 0],
      [16, 1],
      [30, 1],
      [31, 2],
      [45, 2],
      [60, 3],
      [61, 4],
      [75, 4],
      [76, 5],
      [90, 5],
      [91, -1],
      [null, -1],
      [-1, -1],
    ];
    for (const [minutes, band] of cases) expect(commuteBand(minutes), String(minutes)).toBe(band);
  });

  it("names every band in Russian", () => {
    expect([0, 1, 2, 3, 4, 5, -1].map((b) => s(commuteBandLabel(b)))).toEqual([
      "до 15 мин",
      "16–30 мин",
      "31–45 мин",
      "46–60 мин",
      "61–75 мин",
      "76–90 мин",
      "неизвестно или дольше 90 мин",
    ]);
  });

  it("keeps 3:1 against the map's base and 4.5:1 under a cluster's white count, each colour its own", () => {
    const colors = [...COMMUTE_BAND_COLORS, COMMUTE_UNKNOWN_COLOR];
    for (const c of colors) {
      expect(contrast(c, MAP_BASE_COLOR), c).toBeGreaterThanOrEqual(3);
      expect(contrast(c, "#ffffff"), c).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(colors).size).toBe(colors.length);
    expect(commuteBandColor(-1)).toBe(COMMUTE_UNKNOWN_COLOR);
  });
});

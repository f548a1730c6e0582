import { describe, expect, it } from "vitest";
import { LINES } from "../../../shared/geo/metro";
import { inkOn } from "./text";

function ratio(fg: string, bg: string): number {
  const lum = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const ch = [16, 8, 0].map((s) => {
      const c = ((n >> s) & 255) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (ch[0] ?? 0) + 0.7152 * (ch[1] ?? 0) + 0.0722 * (ch[2] ?? 0);
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

describe("inkOn", () => {
  it("gives every line colour of our metro, МЦК and МЦД text of at least 4,5:1 (WCAG AA)", () => {
    expect(LINES.length).toBeGreaterThan(10);
    for (const line of LINES)
      expect(ratio(inkOn(line.color), line.color), line.name).toBeGreaterThanOrEqual(4.5);
  });

  it("uses white on dark colours and dark ink on light ones", () => {
    expect(inkOn("#1d5bd8")).toBe("#ffffff");
    expect(inkOn("#ffd702")).toBe("#111827");
    // Mid-tones where the old brightness rule chose white with 3:1.
    for (const mid of ["#ff8c00", "#99cc00", "#29b1a6", "#8d5b2d", "#a1b3d4"])
      expect(ratio(inkOn(mid), mid)).toBeGreaterThanOrEqual(4.5);
  });
});

import { describe, expect, it } from "vitest";
import { DISTRICTS } from "../geo/areas";
import { LINES } from "../geo/metro";
import { CITIES } from "../geo/oblast";
import { COMMUTE_REGION, canonicalPoint, readPoint } from "./commute";

/** Every place of our geography: the towns of the region, the districts of Moscow, the stations. */
const PLACES = [...CITIES, ...DISTRICTS, ...LINES.flatMap((l) => l.stations)];

describe("a point as the commute's destination", () => {
  it("takes every place of our geography inside the region's box, and the box is no wider than they need", () => {
    for (const p of PLACES) expect(readPoint(`${p.lat},${p.lng}`), `${p.lat},${p.lng}`).not.toBeNull();
    const lats = PLACES.map((p) => p.lat);
    const lngs = PLACES.map((p) => p.lng);
    // A margin of 15–30 km beyond the outermost place on each side (0.25° of latitude is 28 km, of longitude 16 km).
    for (const margin of [
      Math.min(...lats) - COMMUTE_REGION.south,
      COMMUTE_REGION.north - Math.max(...lats),
      Math.min(...lngs) - COMMUTE_REGION.west,
      COMMUTE_REGION.east - Math.max(...lngs),
    ]) {
      expect(margin).toBeGreaterThan(0.2);
      expect(margin).toBeLessThan(0.45);
    }
  });

  it("writes a point with 4 decimals, whatever its spelling, and refuses a malformed one or one outside", () => {
    for (const [text, canonical] of [
      ["55.7539,37.6208", "55.7539,37.6208"],
      ["55.75390,37.62080", "55.7539,37.6208"],
      [" 55.753949 , 37.62 ", "55.7539,37.6200"],
      ["55.75395;37.6", "55.7540,37.6000"],
      ["56,37", "56.0000,37.0000"],
      ["55.7539", null],
      ["55.7539,37.6208,1", null],
      ["abc", null],
      ["55,7539,37,6208", null],
      ["59.9386,30.3141", null],
      ["-55.7539,37.6208", null],
      ["", null],
    ] as const)
      expect(canonicalPoint(text), text).toBe(canonical);
    // The canonical spelling reads back as itself.
    expect(canonicalPoint("55.7540,37.6000")).toBe("55.7540,37.6000");
  });
});

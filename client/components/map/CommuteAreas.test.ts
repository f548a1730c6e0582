import { describe, expect, it } from "vitest";
import { haversineKm } from "../../../shared/geo/distance";
import { type AreaStation, commuteAreas, REACH_KM } from "../../../shared/map/areas";
import { ORIGIN } from "../../../shared/map/cluster";
import { unproject } from "../../../shared/map/projection";
import { bandPaths } from "./CommuteAreas";

/** The cells a band's path covers, «column,row» → band, from its rectangles «M c r h n v1 h-n z». */
function cellsOf(paths: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [band, d] of paths.entries()) {
    for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let i = 0; i < Number(m[3]); i++) out.set(`${Number(m[1]) + i},${m[2]}`, band);
    }
  }
  return out;
}

describe("the areas coloured by commute, sent and drawn", () => {
  // Three stations in the centre, a trip of 3, 20 and 70 minutes from each.
  const stations: AreaStation[] = [
    { lat: 55.7577, lng: 37.6156, minutes: 3 },
    { lat: 55.7651, lng: 37.6386, minutes: 20 },
    { lat: 55.7298, lng: 37.6011, minutes: 70 },
  ];

  for (const cell of [1, 0.5, 0.125]) {
    it(`draws every cell of a ${cell} km grid in its band, and nothing where no walk of 30 minutes reaches`, () => {
      const areas = commuteAreas(stations, cell, null);
      expect(areas).not.toBeNull();
      if (!areas) return;
      const [, ix, iy, cols] = areas;
      const drawn = cellsOf(bandPaths(areas));
      const rows = Math.ceil((8 * REACH_KM + 6) / cell);
      let coloured = 0;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const at = unproject({ x: ORIGIN + (ix + c + 0.5) * cell, y: ORIGIN + (iy + r + 0.5) * cell });
          const times = stations
            .map((s) => ({
              s,
              walk: Math.max(1, Math.round(((haversineKm(at.lat, at.lng, s.lat, s.lng) * 1.3) / 5) * 60)),
            }))
            .filter((x) => x.walk <= 30)
            .map((x) => x.walk + x.s.minutes);
          const best = Math.min(...times);
          const band = [15, 30, 45, 60, 75, 90].findIndex((max) => best <= max);
          expect(drawn.get(`${c},${r}`) ?? -1, `cell ${c},${r}`).toBe(band);
          if (band >= 0) coloured++;
        }
      }
      expect(coloured).toBeGreaterThan(3);
      // Runs, not cells: shorter than a symbol a cell.
      expect(areas[4].length).toBeLessThan(cols * rows);
    });
  }

  it("sends nothing without a station, and a box's cells from its first whole cell", () => {
    expect(commuteAreas([], 1, null)).toBeNull();
    const box = { min: { x: ORIGIN + 3, y: ORIGIN + 5 }, max: { x: ORIGIN + 7, y: ORIGIN + 8 } };
    const areas = commuteAreas(stations, 0.5, box);
    expect(areas?.slice(0, 4)).toEqual([0.5, 6, 10, 8]);
  });
});

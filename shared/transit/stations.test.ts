import { describe, expect, it } from "vitest";
import { STATION_COUNT } from "../filters/commute";
import { LINES } from "../geo/metro";
import { stationKey } from "./graph";

describe("the catalogue's stations", () => {
  it("are STATION_COUNT: one per name within a kind, as the seed numbers them", () => {
    const keys = new Set(LINES.flatMap((l) => l.stations.map((s) => stationKey(l.kind, s.name))));
    expect(keys.size).toBe(STATION_COUNT);
  });
});

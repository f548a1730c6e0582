import { describe, expect, it } from "vitest";
import { commuteMinutes, commuteParts } from "./text";

const s = (text: string) => text.replace(/\u00a0/g, " ");
const time = (walk: number, ride: number, transfers: number) => ({
  minutes: walk + ride,
  walk,
  ride,
  transfers,
  colors: [],
});

describe("a commute's words", () => {
  it("says the time as an estimate and its parts with plurals", () => {
    expect(s(commuteMinutes(time(9, 29, 1)))).toBe("≈ 38 мин");
    expect(s(commuteParts(time(9, 27, 1)))).toBe("9 мин пешком, 27 мин на метро, 1 пересадка");
    expect(s(commuteParts(time(5, 40, 2)))).toBe("5 мин пешком, 40 мин на метро, 2 пересадки");
    expect(s(commuteParts(time(5, 60, 5)))).toBe("5 мин пешком, 60 мин на метро, 5 пересадок");
    expect(s(commuteParts(time(12, 20, 0)))).toBe("12 мин пешком, 20 мин на метро, без пересадок");
  });

  it("is the walk alone at the complex's own station", () => {
    expect(s(commuteParts(time(7, 0, 0)))).toBe("7 мин пешком");
  });
});

import { describe, expect, it } from "vitest";
import type { CommuteTime } from "../schemas/catalogue";
import { commuteMinutes, commuteParts, ridden } from "./text";

const s = (text: string) => text.replace(/\u00a0/g, " ");
type Kind = CommuteTime["kinds"][number];
/** A trip of `transfers` changes; its lines the metro's unless named. */
const time = (walk: number, ride: number, transfers: number, kinds?: Kind[]): CommuteTime => {
  const lines = ride ? (kinds ?? Array.from({ length: transfers + 1 }, (): Kind => "metro")) : [];
  return { minutes: walk + ride, walk, ride, transfers, colors: lines.map(() => "#000000"), kinds: lines };
};

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

  it("says «на метро» only when every line ridden is the metro's, otherwise names what is ridden", () => {
    const cases: [Kind[], string][] = [
      [["metro"], "на метро"],
      [["metro", "metro", "metro"], "на метро"],
      [["mcc"], "на МЦК"],
      [["mcd"], "на МЦД"],
      [["mcd", "mcd"], "на МЦД"],
      [["metro", "mcc"], "на метро и МЦК"],
      [["mcc", "metro", "mcc"], "на МЦК и метро"],
      [["metro", "mcd"], "на метро и МЦД"],
      [["mcd", "metro", "mcc"], "на МЦД, метро и МЦК"],
      [[], "в пути"],
    ];
    for (const [kinds, words] of cases) expect(s(ridden(kinds)), kinds.join(",")).toBe(words);
    expect(s(commuteParts(time(6, 31, 1, ["metro", "mcc"])))).toBe(
      "6 мин пешком, 31 мин на метро и МЦК, 1 пересадка",
    );
    expect(s(commuteParts(time(10, 22, 0, ["mcd"])))).toBe("10 мин пешком, 22 мин на МЦД, без пересадок");
  });
});

import { describe, expect, it } from "vitest";
import { deadlineLine, formatDeadline, isOverdue } from "../../shared/format";
import { walkMinutes } from "../../shared/geo/distance";
import { localityKey, stationKey } from "./offer";

describe("feed dialects", () => {
  it("reads a locality however a feed writes it", () => {
    for (const name of [
      "Химки",
      "г. Химки",
      "г.Химки",
      "Химки г",
      "Химки г.",
      "городской округ Химки",
      "г.о. Химки",
      "Химки (МО)",
      "Химки, Московская область",
      "  ХИМКИ  ",
    ]) {
      expect(localityKey(name), name).toBe("химки");
    }
    expect(localityKey("пос. Коммунарка")).toBe("коммунарка");
    expect(localityKey("Городок")).toBe("городок");
  });

  it("reads a station's name and the kind of line its mark names", () => {
    expect(stationKey("м. Семёновская")).toEqual({ kind: "metro", key: "семеновская" });
    expect(stationKey("метро  Сокол")).toEqual({ kind: "metro", key: "сокол" });
    expect(stationKey("ст. м. Партизанская")).toEqual({ kind: "metro", key: "партизанская" });
    expect(stationKey("МЦК Лужники")).toEqual({ kind: "mcc", key: "лужники" });
    expect(stationKey("Соколиная Гора (МЦК)")).toEqual({ kind: "mcc", key: "соколиная гора" });
    expect(stationKey("МЦД-2 Стрешнево")).toEqual({ kind: "mcd", key: "стрешнево" });
    expect(stationKey("Лобня, МЦД-1")).toEqual({ kind: "mcd", key: "лобня" });
    expect(stationKey("Медведково")).toEqual({ kind: null, key: "медведково" });
    expect(stationKey("Маяковская")).toEqual({ kind: null, key: "маяковская" });
  });

  it("estimates walking minutes: the straight line × 1.3 at 5 km/h", () => {
    // 1 km straight: 1.3 km of streets, 15.6 minutes at 5 km/h.
    expect(walkMinutes(1)).toBe(16);
    expect(walkMinutes(0.25)).toBe(4);
    expect(walkMinutes(0.01)).toBe(1);
  });

  it("says a deadline is overdue once its quarter has ended, in Moscow time", () => {
    // 1 October 2026 00:30 in Moscow is still 30 September in UTC.
    const october = new Date("2026-09-30T21:30:00Z");
    expect(isOverdue(2026, 3, false, october)).toBe(true);
    expect(isOverdue(2026, 4, false, october)).toBe(false);
    expect(isOverdue(2021, 3, true, october)).toBe(false);
    expect(formatDeadline(2021, 3, true)).toBe("III\u00a0кв.\u00a02021\u00a0— перенесён");
    // A finished house's deadline is when it was finished; «Сдан» is the card's line (deadlineLine).
    expect(deadlineLine({ finished: true, label: formatDeadline(2021, 3) })).toBe("Сдан");
  });
});

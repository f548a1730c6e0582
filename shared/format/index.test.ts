import { describe, expect, it } from "vitest";
import {
  countOf,
  formatArea,
  formatDate,
  formatDeadline,
  formatDistance,
  formatMoney,
  formatPrice,
  formatPriceFrom,
  formatPricePerMeterFrom,
  formatRooms,
  WORDS,
} from "./index";

const s = (text: string) => text.replace(/\u00a0/g, " ");

describe("ru formatting", () => {
  it("formats prices with non-breaking spaces", () => {
    expect(formatPrice(12_500_000)).toBe("12\u00a0500\u00a0000\u00a0₽");
    expect(s(formatMoney(96502.164))).toBe("96 502,16 ₽");
    expect(s(formatPriceFrom(8_140_000))).toBe("от 8,1 млн ₽");
    expect(s(formatPricePerMeterFrom(245_300))).toBe("от 245 тыс. ₽/м²");
    expect(s(formatArea(45.34))).toBe("45,3 м²");
  });

  it("uses Russian plural rules", () => {
    expect(s(countOf(1, WORDS.apartment))).toBe("1 квартира");
    expect(s(countOf(2, WORDS.apartment))).toBe("2 квартиры");
    expect(s(countOf(5, WORDS.apartment))).toBe("5 квартир");
    expect(s(countOf(21, WORDS.minute))).toBe("21 минута");
    expect(s(countOf(22, WORDS.minute))).toBe("22 минуты");
    expect(s(countOf(111, WORDS.apartment))).toBe("111 квартир");
  });

  it("formats dates in Moscow time", () => {
    expect(formatDate("2026-11-20T21:30:00Z")).toBe("21 ноября 2026");
  });

  it("writes deadlines, rooms and distances as the market does", () => {
    expect(s(formatDeadline(2026, 4))).toBe("IV кв. 2026");
    expect(formatDeadline(2024, 2, true)).toBe("Сдан");
    expect(formatRooms(0)).toBe("Студия");
    expect(formatRooms(2)).toBe("2-комн.");
    expect(formatRooms(-1)).toBe("Своб. планировка");
    expect(s(formatDistance(7, "foot"))).toBe("7 мин пешком");
    expect(s(formatDistance(12, "transport"))).toBe("12 мин на транспорте");
  });
});

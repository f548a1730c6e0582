import { describe, expect, it } from "vitest";
import { CITIES, DISTRICTS, LINES, MO_DISTRICTS, OKRUGS } from "../geo";
import {
  compareRu,
  countOf,
  deadlineLine,
  formatArea,
  formatDate,
  formatDeadline,
  formatDecimal,
  formatDistance,
  formatMoney,
  formatMonthShort,
  formatPrice,
  formatPriceFrom,
  formatPricePerMeterFrom,
  formatPriceShort,
  formatRooms,
  formatTime,
  outOf,
  pluralGenitive,
  ruSortKey,
  WORDS,
  WORDS_GENITIVE,
} from "./index";

const s = (text: string) => text.replace(/\u00a0/g, " ");

describe("ru formatting", () => {
  it("formats prices with non-breaking spaces", () => {
    expect(formatPrice(12_500_000)).toBe("12\u00a0500\u00a0000\u00a0₽");
    expect(s(formatMoney(96502.164))).toBe("96 502,16 ₽");
    expect(s(formatPriceFrom(8_140_000))).toBe("от 8,1 млн ₽");
    expect(s(formatPricePerMeterFrom(245_300))).toBe("от 245 тыс. ₽/м²");
    // «от» rounds down: never above the cheapest price it stands for.
    expect(s(formatPriceFrom(8_199_999))).toBe("от 8,1 млн ₽");
    expect(s(formatPriceFrom(14_000_000))).toBe("от 14 млн ₽");
    expect(s(formatPricePerMeterFrom(245_999))).toBe("от 245 тыс. ₽/м²");
    expect(s(formatPriceFrom(1_999_999_999))).toBe("от 1,9 млрд ₽");
    expect(s(formatPriceShort(8_160_000))).toBe("8,2 млн ₽");
    const amountOf = (text: string) => {
      const m = /от ([\d ]+(?:,\d)?) (млрд|млн|тыс\.)?/.exec(s(text));
      const unit = { млрд: 1e9, млн: 1e6, "тыс.": 1e3 }[m?.[2] ?? ""] ?? 1;
      return Number((m?.[1] ?? "").replace(/ /g, "").replace(",", ".")) * unit;
    };
    for (let v = 1_000; v < 3e9; v = Math.floor(v * 1.37) + 7) {
      expect(amountOf(formatPriceFrom(v)), String(v)).toBeLessThanOrEqual(v);
    }
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

  it("chooses the plural form as Intl.PluralRules does, without it", () => {
    const intl = new Intl.PluralRules("ru-RU");
    const forms = ["one", "few", "many"] as const;
    const values = [0, 0.5, 1.5, 1.0001, 1.0004, 1.0005, 2.25, 21.1, -1, -3, -11, -0.5, 1e9 + 1, 1e12 + 22];
    for (let n = 0; n <= 10_000; n++) values.push(n);
    for (const n of values) {
      const category = intl.select(n);
      const expected = category === "one" ? "one" : category === "few" ? "few" : "many";
      expect(countOf(n, forms).split("\u00a0").at(-1), String(n)).toBe(expected);
    }
  });

  it("orders names as Russian collation does, without it", () => {
    const names = [
      ...new Set([
        ...OKRUGS.map((o) => o.name),
        ...DISTRICTS.map((d) => d.name),
        ...MO_DISTRICTS.map((d) => d.name),
        ...CITIES.map((c) => c.name),
        ...LINES.flatMap((l) => l.stations.map((s) => s.name)),
      ]),
    ];
    expect(names.length).toBeGreaterThan(500);
    const collator = new Intl.Collator("ru");
    // Names equal but for case or «ё» («Филёвский парк», «Филёвский Парк») may stand either way round.
    const keys = (sorted: string[]) => sorted.map(ruSortKey);
    expect(keys([...names].sort(compareRu))).toEqual(keys([...names].sort(collator.compare)));
  });

  it("writes numbers as Intl's ru-RU does, rounding halves up", () => {
    const values = [0, 0.04, 0.05, 0.5, 1, 1.005, 1.05, 1.25, 2.5, 9.995, 45.34, 999.95, 1234, 12_345.678];
    for (let v = 0.001; v < 5e10; v = v * 2.71 + 0.37) values.push(v);
    for (const v of [...values, ...values.filter((x) => x > 0).map((x) => -x)]) {
      for (const [max, min] of [
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 2],
      ] as const) {
        const intl = new Intl.NumberFormat("ru-RU", {
          maximumFractionDigits: max,
          minimumFractionDigits: min,
        });
        expect(formatDecimal(v, max, min), `${v} ${max} ${min}`).toBe(
          intl.format(v).replace(/\u202f/g, "\u00a0"),
        );
      }
    }
  });

  it("formats dates in Moscow time", () => {
    expect(formatDate("2026-11-20T21:30:00Z")).toBe("21 ноября 2026");
    const date = new Intl.DateTimeFormat("ru-RU", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/Moscow",
    });
    const time = new Intl.DateTimeFormat("ru-RU", {
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Europe/Moscow",
    });
    const month = new Intl.DateTimeFormat("ru-RU", {
      month: "short",
      year: "2-digit",
      timeZone: "Europe/Moscow",
    });
    for (let t = Date.UTC(2015, 0, 1, 0, 7); t < Date.UTC(2031, 0, 1); t += 86_400_000 * 13.37) {
      expect(formatDate(t)).toBe(date.format(t).replace(/\s*г\.$/, ""));
      expect(formatTime(t)).toBe(time.format(t));
      expect(formatMonthShort(t)).toBe(month.format(t).replace(/\s*г\.$/, ""));
    }
  });

  it("writes deadlines, rooms and distances as the market does", () => {
    expect(s(formatDeadline(2026, 4))).toBe("IV кв. 2026");
    expect(s(deadlineLine({ finished: true, label: formatDeadline(2024, 2) }))).toBe("Сдан");
    expect(s(deadlineLine({ finished: false, label: formatDeadline(2026, 4) }))).toBe(
      "Срок сдачи: IV кв. 2026",
    );
    expect(formatRooms(0)).toBe("Студия");
    expect(formatRooms(2)).toBe("2-комн.");
    expect(formatRooms(-1)).toBe("Своб. планировка");
    expect(s(formatDistance(7, "foot"))).toBe("7 мин пешком");
    expect(s(formatDistance(12, "transport"))).toBe("12 мин на транспорте");
  });
});

describe("the genitive a number governs after «из»", () => {
  it.each([
    [1, "места"],
    [21, "места"],
    [31, "места"],
    [101, "места"],
    [2, "мест"],
    [22, "мест"],
    [25, "мест"],
    [11, "мест"],
    [111, "мест"],
    [0, "мест"],
  ])("из %i %s", (n, word) => {
    expect(pluralGenitive(n, WORDS_GENITIVE.place)).toBe(word);
    expect(outOf(n, WORDS_GENITIVE.place)).toBe(`из\u00a0${n}\u00a0${word}`);
  });
});

import { describe, expect, it } from "vitest";
import { parseArea, parsePrice } from "./amount";

describe("prices as people type them", () => {
  it.each([
    ["8 млн", 8_000_000],
    ["8,5 млн", 8_500_000],
    ["8.5 млн", 8_500_000],
    ["8,5млн", 8_500_000],
    ["8 500 000", 8_500_000],
    ["8\u00a0500\u00a0000", 8_500_000],
    ["8500000", 8_500_000],
    ["8 500 000 ₽", 8_500_000],
    ["от 8 млн ₽", 8_000_000],
    ["до 12,3 млн руб.", 12_300_000],
    ["850 тыс.", 850_000],
    ["850 тыс", 850_000],
    ["1,2 млрд", 1_200_000_000],
    ["15 Млн", 15_000_000],
    ["  7 миллионов ", 7_000_000],
    ["0", 0],
  ])("«%s» is %d ₽", (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each([
    [""],
    ["   "],
    ["abc"],
    ["8 млн 500"],
    ["8,5,5 млн"],
    ["8 50 000"],
    ["-8 млн"],
    ["8 кг"],
    ["млн"],
    ["8e6"],
    ["1e999"],
    ["99999999999999 млрд"],
    ["<script>"],
  ])("«%s» is not a price", (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});

describe("areas as people type them", () => {
  it.each([
    ["45", 45],
    ["45,5", 45.5],
    ["45.55", 45.6],
    ["45 м²", 45],
    ["от 40 м2", 40],
    ["120 кв. м", 120],
  ])("«%s» is %d m²", (text, value) => {
    expect(parseArea(text)).toBe(value);
  });

  it.each([["a lot"], ["-5"], ["45 млн"], ["20000"], [""]])("«%s» is not an area", (text) => {
    expect(parseArea(text)).toBeNull();
  });
});

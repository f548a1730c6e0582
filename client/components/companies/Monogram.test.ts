import { describe, expect, it } from "vitest";
import { initialsOf } from "./Monogram";

describe("a monogram's initials", () => {
  it.each([
    ["Сокол Девелопмент", "СД"],
    ["ГК «Вектор»", "В"],
    ["ООО «Альфа-Строй Групп»", "АС"],
    ["ёлки-палки девелопмент", "ЁП"],
    ["«ПИК»", "П"],
    ["MR Group", "MG"],
    ["Трест № 7", "Т7"],
    ["А.Б. Строй", "АБ"],
    ["  ", ""],
  ])("%s → %s", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

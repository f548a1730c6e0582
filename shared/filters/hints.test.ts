import { describe, expect, it } from "vitest";
import { APARTMENT_FIELDS } from "./apartments";
import { CATALOGUE_FIELDS } from "./catalogue";
import { type FieldDef, issueOf } from "./fields";

/** Every field of every filter table, with its table's name. */
const FIELDS: [string, FieldDef][] = [
  ...Object.entries(CATALOGUE_FIELDS).map(([k, d]): [string, FieldDef] => [`catalogue.${k}`, d]),
  ...Object.entries(APARTMENT_FIELDS).map(([k, d]): [string, FieldDef] => [`apartments.${k}`, d]),
];

/** The examples a message gives after «например», unquoted. */
const examplesIn = (message: string) =>
  (message.split("например ")[1] ?? "").split(" или ").map((e) => e.replace(/^«|»$/g, ""));

describe("a refused value's hint comes from the field's own kind", () => {
  it.each(FIELDS)("%s: its message's examples are values the field itself accepts", (_, def) => {
    for (const bad of ["abc", "-", "много"]) {
      const message = issueOf(def, bad);
      expect(message, bad).toMatch(/\p{Script=Cyrillic}/u);
      if (def.kind !== "range") continue;
      const examples = examplesIn(message ?? "");
      expect(examples.length, message ?? "").toBeGreaterThan(0);
      for (const example of examples) expect(issueOf(def, example), `${example} in «${message}»`).toBeNull();
    }
  });

  it("an area is hinted with square metres, a floor with a floor, a price with millions", () => {
    expect(issueOf(CATALOGUE_FIELDS.area, "abc")).toMatch(
      /^ожидается число от 0 до 10.000, например 45 или 45,5$/,
    );
    expect(issueOf(APARTMENT_FIELDS.floor, "abc")).toBe("ожидается число от 0 до 200, например 3 или 12");
    expect(issueOf(CATALOGUE_FIELDS.payment, "abc")).toContain("например 85000 или «85 тыс.»");
    expect(issueOf(CATALOGUE_FIELDS.price, "abc")).toContain("например 8500000 или «8,5 млн»");
  });
});

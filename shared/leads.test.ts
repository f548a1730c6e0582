import { describe, expect, it } from "vitest";
import { formatPhone, leadPlaceOf, leadQuery } from "./leads";

describe("formatPhone", () => {
  it("formats a stored number", () => {
    expect(formatPhone("+79161234567")).toBe("+7 916 123-45-67");
  });

  it("formats a number as it is typed, in any notation", () => {
    const typed = "89161234567";
    const shown = Array.from({ length: typed.length }, (_, i) => formatPhone(typed.slice(0, i + 1)));
    expect(shown).toEqual([
      "8",
      "+7 9",
      "+7 91",
      "+7 916",
      "+7 916 1",
      "+7 916 12",
      "+7 916 123",
      "+7 916 123-4",
      "+7 916 123-45",
      "+7 916 123-45-6",
      "+7 916 123-45-67",
    ]);
    expect(formatPhone("+7")).toBe("+7");
    expect(formatPhone("+")).toBe("+");
    expect(formatPhone("9161234567")).toBe("+7 916 123-45-67");
    expect(formatPhone("+7 (916) 123-45-67 89")).toBe("+7 916 123-45-67");
  });
});

describe("leadPlaceOf", () => {
  it("reads an apartment, or a complex, and the kind from the request page's query", () => {
    expect(leadPlaceOf(new URLSearchParams("kvartira=345&kind=viewing"))).toEqual({
      apartment: 345,
      kind: "viewing",
    });
    expect(leadPlaceOf(new URLSearchParams("complex=12&kind=discounts"))).toEqual({
      complex: 12,
      kind: "discounts",
    });
  });

  it("turns what is not an id into complex 0 (a 404) and an unknown kind into a callback", () => {
    expect(leadPlaceOf(new URLSearchParams("complex=abc&kvartira=-1&kind=spam"))).toEqual({
      complex: 0,
      kind: "callback",
    });
  });

  it("is what leadQuery wrote", () => {
    for (const t of [
      { complex: 7, apartment: 70, kind: "viewing" as const },
      { complex: 7, kind: "callback" as const },
    ]) {
      const q = new URLSearchParams(Object.entries(leadQuery(t)).map(([k, v]) => [k, String(v)]));
      expect(leadPlaceOf(q)).toEqual(
        t.apartment ? { apartment: 70, kind: "viewing" } : { complex: 7, kind: "callback" },
      );
    }
  });
});

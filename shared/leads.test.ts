import { describe, expect, it } from "vitest";
import { formatPhone, leadTargetOf } from "./leads";

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

describe("leadTargetOf", () => {
  it("reads the complex, the apartment and the kind from the request page's query", () => {
    expect(leadTargetOf(new URLSearchParams("complex=12&kvartira=345&kind=viewing"))).toEqual({
      complex: 12,
      apartment: 345,
      kind: "viewing",
    });
  });

  it("turns what is not an id into complex 0 (a 404) and an unknown kind into a callback", () => {
    expect(leadTargetOf(new URLSearchParams("complex=abc&kvartira=-1&kind=spam"))).toEqual({
      complex: 0,
      kind: "callback",
    });
  });
});

import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("transliterates the examples from the spec", () => {
    expect(slugify("Шоссе Энтузиастов")).toBe("shosse-entuziastov");
    expect(slugify("Площадь Ильича")).toBe("ploshchad-ilicha");
    expect(slugify("Марьина Роща")).toBe("marina-roshcha");
  });

  it("uses the agreed digraphs", () => {
    expect(slugify("жхцчшщ")).toBe("zhkhtschshshch");
    expect(slugify("юя")).toBe("yuya");
    expect(slugify("Щёлково")).toBe("shchelkovo");
    expect(slugify("Хорошёво-Мнёвники")).toBe("khoroshevo-mnevniki");
    expect(slugify("Цветной бульвар")).toBe("tsvetnoy-bulvar");
  });

  it("maps ё to e and й, ы to y", () => {
    expect(slugify("Королёв")).toBe("korolev");
    expect(slugify("Савёловская")).toBe("savelovskaya");
    expect(slugify("Зябликово")).toBe("zyablikovo");
    expect(slugify("Крылатское")).toBe("krylatskoe");
    expect(slugify("Тверской")).toBe("tverskoy");
  });

  it("drops the soft and hard signs", () => {
    expect(slugify("Подъезд")).toBe("podezd");
    expect(slugify("Ольховая")).toBe("olkhovaya");
    expect(slugify("Электросталь")).toBe("elektrostal");
  });

  it("turns punctuation and spaces into single dashes and trims them", () => {
    expect(slugify("  Улица 1905 года  ")).toBe("ulitsa-1905-goda");
    expect(slugify("Орехово-Зуево")).toBe("orekhovo-zuevo");
    expect(slugify("Новомосковская (Коммунарка)")).toBe("novomoskovskaya-kommunarka");
    expect(slugify("«Москва-Сити» — Деловой центр!")).toBe("moskva-siti-delovoy-tsentr");
    expect(slugify("Библиотека им.Ленина")).toBe("biblioteka-im-lenina");
    expect(slugify("---")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("keeps Latin letters and digits, lower-cased", () => {
    expect(slugify("ЖК River Park 2")).toBe("zhk-river-park-2");
    expect(slugify("D1")).toBe("d1");
    expect(slugify("Café")).toBe("cafe");
  });

  it("handles decomposed й and ё", () => {
    expect(slugify("Мои\u0306")).toBe("moy");
    expect(slugify("Е\u0308лка")).toBe("elka");
  });

  it("is idempotent and only produces [a-z0-9-]", () => {
    const samples = ["Бульвар Рокоссовского", "Нагатинский Затон", "8А", "МЦД-2", "Тёплый Стан", "ВДНХ"];
    for (const s of samples) {
      const slug = slugify(s);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(slugify(slug)).toBe(slug);
    }
  });
});

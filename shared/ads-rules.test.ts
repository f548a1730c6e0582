import { describe, expect, it } from "vitest";
import { type AdCopy, adRuleViolations, DECLARATION_SITE } from "./ads-rules";

const ad = (over: Partial<AdCopy>): AdCopy => ({
  kind: "top",
  title: "ЖК «Северный парк»",
  text: "Квартиры от 8,5 млн ₽.",
  developer: "«Кварц Девелопмент»",
  advertiser: "«Кварц Девелопмент»",
  advertiser_inn: "7701234567",
  erid: "2SDnjcbVx3R",
  disclaimer_text: `Проектная декларация — на сайте ${DECLARATION_SITE}.`,
  ...over,
});
const BANKS = ["ВТБ", "Сбербанк"];

describe("adRuleViolations", () => {
  it("passes a marked advert of a complex with its price", () => {
    expect(adRuleViolations(ad({}), BANKS)).toEqual([]);
  });

  it("refuses a mortgage advert that names no bank (the old top banner)", () => {
    expect(adRuleViolations(ad({ text: "Семейная ипотека 6\u00a0% без удорожания." }), BANKS)).toEqual([
      "В рекламе ипотеки не назван банк.",
      "Названа ставка, но не названы другие условия кредита: первоначальный взнос и срок.",
    ]);
  });

  it("refuses a rate without the down payment and the term, even with the bank", () => {
    expect(adRuleViolations(ad({ text: "Ипотека в ВТБ от 5,9 %." }), BANKS)).toHaveLength(1);
    expect(
      adRuleViolations(
        ad({
          text: "Кредит выдаёт ВТБ: ставка 6 % на весь срок, первоначальный взнос от 20 %, срок до 30 лет.",
        }),
        BANKS,
      ),
    ).toEqual([]);
  });

  it("takes a discount's per cent for no rate, and «без ипотеки» for no mortgage advert", () => {
    expect(adRuleViolations(ad({ text: "Скидка 5 % при оплате без ипотеки." }), BANKS)).toEqual([]);
  });

  it("refuses unprovable claims, a long block, no erid, no declaration site", () => {
    expect(adRuleViolations(ad({ text: "Лучшие цены в районе." }), BANKS)).toHaveLength(1);
    expect(adRuleViolations(ad({ kind: "tgb", text: "я".repeat(91) }), BANKS)).toHaveLength(1);
    expect(adRuleViolations(ad({ erid: "" }), BANKS)).toHaveLength(1);
    expect(adRuleViolations(ad({ disclaimer_text: "Не является офертой." }), BANKS)).toHaveLength(1);
  });
});

/**
 * The site's own rules for adverts, as /ad/ states them (marking under art. 18.1 of 38-ФЗ, the text limits of
 * a text-and-picture block, no claims that cannot be proved, and art. 28 on new builds and mortgages), as a
 * check: what an advert breaks, in Russian. The seed's adverts, banners and offers are written to pass it.
 */

/** The text-and-picture block's limits (/ad/ «Форматы»). */
export const TGB_TITLE_MAX = 60;
export const TGB_TEXT_MAX = 90;

/** Where a developer publishes its project declaration (art. 28 part 7). */
export const DECLARATION_SITE = "наш.дом.рф";

export interface AdCopy {
  /** An advert's type (tgb, sidebar, gallery) or a banner's kind (top, filter, menu, content). */
  kind: string;
  title: string;
  text: string;
  description?: string | null;
  developer: string;
  advertiser: string;
  advertiser_inn: string;
  erid: string;
  disclaimer_text: string;
}

/** Superlatives nobody can prove («лучший район», «самая низкая цена»): /ad/ does not publish them. */
const UNPROVABLE = /(лучш|самы[йаеяо]\s+(низк|дешёв|выгодн|надёжн)|№\s?1\b|номер\s+один|идеальн)/i;
/** Words that make an advert a mortgage advert: «ипотека», a bank's credit (not «без ипотеки»). */
const MORTGAGE = /(?<!без\s)ипотек|кредит/i;
/** A sentence naming a loan's rate: «ставка 6 %», «Ипотека от 5,9 %» (a discount's «5 %» is not one). */
const RATE = /(ставк|ипотек|кредит)[^.]*\d+(?:,\d+)?\s?%|\d+(?:,\d+)?\s?%[^.]*(ставк|ипотек|кредит)/i;

/**
 * The rules an advert breaks, each a Russian sentence; empty when it keeps them all. `banks`: the banks that
 * lend on the advertised complex's flats — a mortgage advert must name one of them.
 */
export function adRuleViolations(ad: AdCopy, banks: readonly string[]): string[] {
  const out: string[] = [];
  const words = [ad.title, ad.text, ad.description ?? ""].join(" ").replace(/\u00a0/g, " ");
  if (!ad.advertiser.trim()) out.push("Не указан рекламодатель.");
  if (!/^(\d{10}|\d{12})$/.test(ad.advertiser_inn)) out.push("ИНН рекламодателя — 10 или 12 цифр.");
  if (!/^[1-9A-HJ-NP-Za-km-z]{8,}$/.test(ad.erid)) out.push("Нет токена erid из ОРД.");
  if (ad.kind === "tgb") {
    if (ad.title.length > TGB_TITLE_MAX) out.push(`Заголовок ТГБ длиннее ${TGB_TITLE_MAX} знаков.`);
    if (ad.text.length > TGB_TEXT_MAX) out.push(`Текст ТГБ длиннее ${TGB_TEXT_MAX} знаков.`);
  }
  const unprovable = UNPROVABLE.exec(words);
  if (unprovable) out.push(`Утверждение, которое нельзя подтвердить: «${unprovable[0]}».`);
  if (!ad.developer.trim()) out.push("Не назван застройщик.");
  if (!ad.disclaimer_text.includes(DECLARATION_SITE))
    out.push(`Не указан сайт с проектной декларацией (${DECLARATION_SITE}).`);
  if (MORTGAGE.test(words)) {
    if (!banks.some((b) => words.includes(b))) out.push("В рекламе ипотеки не назван банк.");
    const rate = words.split(/[.:;]\s/).some((sentence) => RATE.test(sentence));
    if (rate && !(/взнос/i.test(words) && /срок|\d+\s?лет/i.test(words)))
      out.push("Названа ставка, но не названы другие условия кредита: первоначальный взнос и срок.");
  }
  return out;
}

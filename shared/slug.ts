/**
 * Russian → Latin transliteration for URL slugs.
 *
 * A simple, readable scheme close to the Yandex/Wikipedia practice used on Russian real-estate sites:
 * ё→e, й→y, ж→zh, х→kh, ц→ts, ч→ch, ш→sh, щ→shch, ы→y, э→e, ю→yu, я→ya; ь and ъ are dropped.
 * Everything that is not [a-z0-9] after transliteration becomes a single "-", trimmed at both ends.
 *
 *   slugify("Шоссе Энтузиастов") === "shosse-entuziastov"
 *   slugify("Площадь Ильича")    === "ploshchad-ilicha"
 *   slugify("Марьина Роща")      === "marina-roshcha"
 */

const TABLE: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  // Letters of neighbouring alphabets that turn up in Russian place names now and then.
  і: "i",
  ї: "i",
  є: "e",
  ў: "u",
};

export function slugify(text: string): string {
  // NFC first: «й» and «ё» may arrive decomposed (и + U+0306, е + U+0308).
  const lower = text.normalize("NFC").toLowerCase();
  let out = "";
  for (const ch of lower) {
    const mapped = TABLE[ch];
    if (mapped !== undefined) {
      out += mapped;
    } else if ((ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9")) {
      out += ch;
    } else {
      // Latin letters with diacritics (é, ü …) keep their base letter; anything else separates words.
      const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += /^[a-z0-9]$/.test(base) ? base : "-";
    }
  }
  return out.replace(/-+/g, "-").replace(/^-|-$/g, "");
}

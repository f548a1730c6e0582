import * as v from "valibot";

/** A query-string integer: digits only, within bounds. */
export const intParam = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,12}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** A URL path on this site: starts with a slash, bounded length. */
export const sitePath = v.pipe(
  v.string("Укажите адрес страницы"),
  v.maxLength(500, "Адрес страницы слишком длинный"),
  v.regex(/^\/[^\s]*$/, "Адрес страницы должен начинаться с «/»"),
);

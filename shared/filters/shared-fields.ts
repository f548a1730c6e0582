/**
 * The filter fields the catalogue (shared/filters/catalogue.ts) and the apartments (shared/filters/apartments.ts)
 * share: entries of both tables, in a file of their own so that a page reading only the apartments' filter (the
 * complex page, the apartments' lists) loads none of the catalogue's other fields.
 */
import { OTDELKA, ROOM_LABELS } from "../codes";
import { parseArea, parsePrice } from "../format/amount";

/** One code list (SPEC §4 multi-select of a short list), by default under its own name alone. */
export const codes = (
  name: string,
  label: string,
  options: Readonly<Record<number, string>>,
  modalReset: boolean,
  url: readonly [string, ...string[]] = [name],
  api: readonly [string, ...string[]] = [`search[${name}]`, name],
) =>
  ({
    kind: "list",
    label,
    url,
    api,
    min: Math.min(...Object.keys(options).map(Number)),
    max: Math.max(...Object.keys(options).map(Number)),
    entries: "коды",
    options,
    maxItems: Object.keys(options).length,
    seo: true,
    modalReset,
  }) as const;

export const PRICE_FIELD = {
  kind: "range",
  label: "Цена",
  unit: "₽",
  url: ["min_price", "max_price"],
  api: [
    ["search[price][min]", "search[price][max]"],
    ["min_price", "max_price"],
  ],
  max: 1e12,
  examples: ["8500000", "8,5 млн"],
  parse: parsePrice,
  seo: true,
} as const;
export const AREA_FIELD = {
  kind: "range",
  label: "Площадь",
  unit: "м²",
  url: ["min_area", "max_area"],
  api: [
    ["search[area][min]", "search[area][max]"],
    ["min_area", "max_area"],
  ],
  max: 10_000,
  examples: ["45", "45,5"],
  decimals: 1,
  parse: parseArea,
  seo: true,
  modalReset: true,
} as const;
export const ROOMS_FIELD = {
  kind: "list",
  label: "Комнаты",
  url: ["rooms"],
  api: ["search[rooms]", "rooms"],
  min: -1,
  max: 5,
  entries: "числа комнат",
  options: ROOM_LABELS,
  maxItems: Object.keys(ROOM_LABELS).length,
  seo: true,
} as const;
export const OTDELKA_FIELD = codes(
  "otdelka",
  "Отделка",
  OTDELKA,
  true,
  ["otdelka", "renovation"],
  ["search[otdelka]", "otdelka", "search[renovation]", "renovation"],
);

import type { Range } from "../../shared/filters/fields";
import { formatPriceShort } from "../../shared/format";
import { AppLink } from "./AppLink";
import "./AmountHint.css";

/** The fields whose bare small numbers mean millions (the price) or thousands (a monthly payment). */
const SCALES = { price: [1e6, "₽"], payment: [1e3, "₽/мес"] } as const;

/**
 * A bound under a thousand roubles in a price or a payment is a number typed in the unit people think in
 * («до 12» for 12 млн, «до 80» for 80 тыс. ₽ a month): as roubles it finds nothing. The filter keeps what was
 * typed (a valid number: URLs and the API are in roubles) and this offers the range read in that unit, as a link
 * (the catalogue's form and the apartments' alike).
 */
function meantAmount(field: keyof typeof SCALES, value: Range | undefined) {
  const [scale, unit] = SCALES[field];
  const small = (n: number | undefined): n is number => n !== undefined && n > 0 && n < 1000;
  if (!value || !(small(value.min) || small(value.max))) return null;
  const range: Range = {};
  for (const key of ["min", "max"] as const) {
    const n = value[key];
    if (n !== undefined) range[key] = small(n) ? Math.round(n * scale) : n;
  }
  return { range, unit };
}

/** «от 5 до 12 млн ₽», «до 80 тыс. ₽/мес»: a range's bounds in words. */
function rangeText(r: Range, unit: string): string {
  const amount = (n: number) => `${formatPriceShort(n).replace(/\u00a0₽$/, "")}\u00a0${unit}`;
  return [r.min !== undefined && `от ${amount(r.min)}`, r.max !== undefined && `до ${amount(r.max)}`]
    .filter(Boolean)
    .join(" ");
}

/**
 * «Цена в рублях: до 12 ₽. Искать до 12 млн ₽» under a range whose bound is such a number, or nothing. The link
 * leads to the listing with the range read in that unit (`hrefOf`), without JavaScript too; `onPick`, when
 * given, takes the range into a draft instead.
 */
export function AmountHint({
  field,
  legend,
  value,
  hrefOf,
  onPick,
}: {
  field: keyof typeof SCALES;
  legend: string;
  value: Range | undefined;
  hrefOf(r: Range): string;
  onPick?(r: Range): void;
}) {
  const meant = meantAmount(field, value);
  if (!meant || !value) return null;
  const text = `Искать ${rangeText(meant.range, meant.unit)}`;
  return (
    <p className="filter-hint" role="status">
      {legend} в рублях: {rangeText(value, meant.unit)}.{" "}
      {onPick ? (
        <a
          href={hrefOf(meant.range)}
          onClick={(e) => {
            e.preventDefault();
            onPick(meant.range);
          }}
        >
          {text}
        </a>
      ) : (
        <AppLink to={hrefOf(meant.range)}>{text}</AppLink>
      )}
    </p>
  );
}

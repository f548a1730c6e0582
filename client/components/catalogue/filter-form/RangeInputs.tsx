/** A range of the filter table in the form: «от» and «до», typed as people write them. */
import { Fragment, useRef, useState } from "react";
import type { Range } from "../../../../shared/filters/catalogue";
import type { FormRangeDef } from "../../../../shared/filters/fields";
import { formatDecimal, formatNumber } from "../../../../shared/format";
import { AmountHint } from "../../AmountHint";
import { useKeptText } from "./kept-edits";

/** A range whose «от» is above its «до»: the form says so beside the fields and does not submit. */
export const inverted = (r: Range | undefined) =>
  r?.min !== undefined && r.max !== undefined && r.min > r.max;

/** The fields whose small bounds are hinted as millions or thousands (AmountHint). */
const HINTED = ["price", "payment"] as const;
const hinted = (field: string): field is (typeof HINTED)[number] =>
  (HINTED as readonly string[]).includes(field);

const WORDS = { min: "от", max: "до" } as const;

/** One bound of a range: what is being typed, or the bound formatted once the field is left. */
function RangeEnd({
  def,
  end,
  value,
  invalid,
  onType,
}: {
  def: FormRangeDef;
  end: "min" | "max";
  value: number | undefined;
  invalid: boolean;
  onType(raw: string): void;
}) {
  const { label: legend, url: names, unit, decimals } = def;
  const word = WORDS[end];
  const [typed, setTyped] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  useKeptText(ref, setTyped);
  const shown = value === undefined ? "" : decimals ? formatDecimal(value, decimals) : formatNumber(value);
  const hint = unit ? `${word}, ${unit}` : word;
  return (
    <label>
      <span className="visually-hidden">
        {legend} {hint}
      </span>
      <input
        ref={ref}
        className="form-input"
        name={names[end === "min" ? 0 : 1]}
        inputMode="text"
        autoComplete="off"
        placeholder={hint}
        value={typed ?? shown}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          onType(e.target.value);
        }}
        onBlur={() => setTyped(undefined)}
      />
    </label>
  );
}

/**
 * «от» and «до» of a range of the filter table, typed as people write them («8 млн», «8,5 млн», «8 500 000»:
 * the field's parse) and shown formatted once the field is left; the field's formEnds (a payment: «до» only).
 */
export function RangeInputs({
  field,
  def,
  value,
  onChange,
  hrefOf,
}: {
  field: string;
  def: FormRangeDef;
  value: Range | undefined;
  onChange(r: Range | undefined): void;
  /** The listing's address with the range replaced (the hint's link, which works without JavaScript). */
  hrefOf(r: Range): string;
}) {
  const { label: legend, parse, formEnds = ["min", "max"] } = def;
  const error = inverted(value) ? `${legend}: «от» больше, чем «до»` : null;
  const set = (key: "min" | "max", raw: string) => {
    const n = raw.trim() ? parse(raw) : null;
    // A text that is not a number yet («8,») keeps the last bound that was one.
    if (raw.trim() && n === null) return;
    const next: Range = { ...value };
    if (n !== null) next[key] = n;
    else delete next[key];
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <fieldset className="filter-group filter-range">
      <legend>{legend}</legend>
      {formEnds.map((end, i) => (
        <Fragment key={end}>
          {i > 0 && <span aria-hidden="true">–</span>}
          <RangeEnd
            def={def}
            end={end}
            value={value?.[end]}
            invalid={error !== null}
            onType={(raw) => set(end, raw)}
          />
        </Fragment>
      ))}
      {error && (
        <p className="filter-error" role="alert">
          {error}
        </p>
      )}
      {!error && hinted(field) && (
        <AmountHint field={field} legend={legend} value={value} hrefOf={hrefOf} onPick={onChange} />
      )}
    </fieldset>
  );
}

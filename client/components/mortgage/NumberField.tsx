import { useState } from "react";
import { formatDecimal as decimal, formatNumber } from "../../../shared/format";

export interface NumberFieldProps {
  id: string;
  /** The query parameter the field submits without JavaScript; none for derived fields. */
  name?: string;
  label: string;
  value: number;
  onChange(value: number): void;
  format(value: number): string;
  /** The number in the visitor's text, or null while it is not one (the last good value stays). */
  parse(text: string): number | null;
  suffix: string;
  inputMode: "numeric" | "decimal";
  error?: string;
}

/**
 * A number typed as text: shown formatted («12 000 000»), edited as typed, so grouping spaces never move the
 * caret; every readable value is reported at once.
 */
export function NumberField({
  id,
  name,
  label,
  value,
  onChange,
  format,
  parse,
  suffix,
  inputMode,
  error,
}: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const errorId = `${id}-error`;
  return (
    <div className="mortgage-field">
      <label htmlFor={id} className="mortgage-field__label">
        {label}
      </label>
      <div className="mortgage-field__control">
        <input
          id={id}
          className="form-input"
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          value={draft ?? format(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={(e) => setDraft(e.currentTarget.value)}
          onBlur={() => setDraft(null)}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = parse(e.target.value);
            if (n !== null) onChange(n);
          }}
        />
        <span className="mortgage-field__suffix" aria-hidden="true">
          {suffix}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mortgage-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** «12 500 000», «12500000 ₽» → 12500000 */
/** A whole number of roubles: «12 000 000 ₽». */
export function RublesField(props: Omit<NumberFieldProps, "format" | "parse" | "suffix" | "inputMode">) {
  return <NumberField {...props} inputMode="numeric" suffix="₽" format={formatNumber} parse={parseRubles} />;
}

export function parseRubles(text: string): number | null {
  const s = text.replace(/[\s\u00a0₽]/g, "");
  return /^\d{1,10}$/.test(s) ? Number(s) : null;
}

/** «5,5», «5.5 %» → 5.5 */
export function parseDecimal(text: string): number | null {
  const s = text.replace(/[\s\u00a0%]/g, "").replace(",", ".");
  return /^\d{1,3}(?:\.\d{0,2})?$/.test(s) ? Number(s) : null;
}

/** 5.5 → «5,5» */
export function formatDecimal(value: number): string {
  return decimal(value, 2);
}

import { useId } from "react";
import { formatPriceShort } from "../../../shared/format";
import type { YearTotals } from "../../../shared/mortgage";

/** Two drawings of one chart, wide and narrow, so that the text keeps its size; CSS shows one of them. */
const SIZES = [
  { name: "wide", width: 760, height: 280 },
  { name: "narrow", width: 360, height: 240 },
] as const;
const PAD = { top: 16, right: 8, bottom: 28, left: 76 };

/** A round step for the value axis: 1, 2 or 5 × 10ⁿ, about four gridlines up to the maximum. */
function niceStep(max: number): number {
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  return step ?? raw;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

interface DrawingProps {
  years: readonly YearTotals[];
  width: number;
  height: number;
  className: string;
}

function Drawing({ years, width: W, height: H, className }: DrawingProps) {
  const titleId = useId();
  const descId = useId();
  const first = years[0];
  const last = years.at(-1);
  if (!first || !last) return null;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const max = Math.max(...years.map((y) => y.payment));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const slot = plotW / years.length;
  const bar = Math.max(2, slot * 0.68);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  // Year labels need about 40 units each: every year when they fit, else every fifth (and the first).
  const fit = Math.floor(plotW / 40);
  const labelEvery = years.length <= fit ? 1 : Math.ceil(years.length / fit / 5) * 5;

  return (
    <svg className={className} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
      <title id={titleId}>Основной долг и проценты в платежах по годам</title>
      <desc id={descId}>
        {`В первый год проценты составляют ${percent(first.interest, first.payment)}\u00a0% платежей, в последний — ${percent(last.interest, last.payment)}\u00a0%.`}
      </desc>
      {ticks.map((t) => (
        <g key={t} className="mortgage-chart__grid">
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
          <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
            {t === 0 ? "0" : formatPriceShort(t)}
          </text>
        </g>
      ))}
      {years.map((yr, i) => {
        const x = PAD.left + i * slot + (slot - bar) / 2;
        return (
          <g key={yr.year}>
            <rect
              className="mortgage-chart__principal"
              x={x}
              width={bar}
              y={y(yr.principal)}
              height={PAD.top + plotH - y(yr.principal)}
            />
            <rect
              className="mortgage-chart__interest"
              x={x}
              width={bar}
              y={y(yr.payment)}
              height={y(yr.principal) - y(yr.payment)}
            />
            {(yr.year === 1 || yr.year % labelEvery === 0) && (
              <text x={x + bar / 2} y={H - 8} textAnchor="middle">
                {yr.year}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Stacked bars by year of the loan: the principal repaid below, the interest paid above. */
export function PaymentChart({ years }: { years: readonly YearTotals[] }) {
  return (
    <figure className="mortgage-chart">
      {SIZES.map((s) => (
        <Drawing
          key={s.name}
          years={years}
          width={s.width}
          height={s.height}
          className={`mortgage-chart__svg mortgage-chart__svg--${s.name}`}
        />
      ))}
      <figcaption className="mortgage-chart__legend">
        <span className="mortgage-chart__key mortgage-chart__key--principal">Основной долг</span>
        <span className="mortgage-chart__key mortgage-chart__key--interest">Проценты</span>
        <span className="mortgage-chart__axis">
          По горизонтали — год кредита, по вертикали — платежи за год
        </span>
      </figcaption>
    </figure>
  );
}

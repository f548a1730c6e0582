/**
 * An apartment's price history as a small server-rendered SVG step chart (the price holds until it changes),
 * with the dates under it and the same numbers as a list for screen readers and for reading exactly.
 */
import {
  formatDate,
  formatDecimal,
  formatMonthShort,
  formatPrice,
  formatPriceShort,
} from "../../../shared/format";
import type { PricePoint } from "../../../shared/schemas/catalogue";
import "./apartment.css";

const W = 480;
const H = 200;
const PAD = { top: 28, right: 16, bottom: 36, left: 16 };

/** «+1,5», «-2», «+0» */
const percent = (x: number) => `${x >= 0 ? "+" : ""}${formatDecimal(x, 1)}`;

export function PriceHistory({ points }: { points: readonly PricePoint[] }) {
  if (points.length < 2) return null;
  const times = points.map((p) => Date.parse(p.date));
  const prices = points.map((p) => p.price);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const x = (t: number) => PAD.left + ((t - t0) / (t1 - t0 || 1)) * (W - PAD.left - PAD.right);
  const y = (p: number) => PAD.top + (1 - (p - lo) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom);
  let d = "";
  points.forEach((p, i) => {
    const px = x(times[i] ?? t0);
    const py = y(p.price);
    d += i === 0 ? `M${px} ${py}` : `H${px}V${py}`;
  });
  const first = prices[0] ?? 0;
  const last = prices[prices.length - 1] ?? 0;
  const change = first ? ((last - first) / first) * 100 : 0;
  return (
    <figure className="price-history">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        className="price-history__chart"
        role="img"
        aria-label={`История цены: с ${formatPrice(first)} до ${formatPrice(last)}`}
      >
        <path d={d} className="price-history__line" />
        {points.map((p, i) => {
          const px = x(times[i] ?? t0);
          const anchor = i === 0 ? "start" : i === points.length - 1 ? "end" : "middle";
          return (
            <g key={p.date}>
              <circle cx={px} cy={y(p.price)} r={5} className="price-history__dot" />
              <text x={px} y={y(p.price) - 12} textAnchor={anchor} className="price-history__price">
                {formatPriceShort(p.price)}
              </text>
              <text x={px} y={H - 10} textAnchor={anchor} className="price-history__date">
                {formatMonthShort(p.date)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        С {formatDate(points[0]?.date ?? "")} цена изменилась на {percent(change)}
        {"\u00a0"}%.
      </figcaption>
      <ol className="price-history__list">
        {points.map((p) => (
          <li key={p.date}>
            <time dateTime={p.date}>{formatDate(p.date)}</time> — {formatPrice(p.price)}
          </li>
        ))}
      </ol>
    </figure>
  );
}

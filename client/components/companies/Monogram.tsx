import { companySortName } from "../../../shared/companies";
import { shade } from "../art/paint";
import "./companies.css";

/**
 * «Сокол Девелопмент» → «СД», ГК «Вектор» → «В»: the first letters of the first two words of the name. A word
 * is what lies between spaces and punctuation; no Unicode property class (`\p{L}`) and no locale's case mapping,
 * whose ICU data the browser loaded in the render of the first card with a monogram (a 26–42 ms slice at 9×).
 */
export function initialsOf(name: string): string {
  const words = companySortName(name).match(/[^\s!-/:-@[-`{-~«»„“”‘’–—…№]+/g) ?? [];
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}

/** A drawn monogram logo in the company's colour (companies have no logo files). */
export function Monogram({ name, color, size }: { name: string; color: string; size: number }) {
  const initials = initialsOf(name);
  return (
    <svg
      className="monogram"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="16" fill={color} />
      <path d="M64 20v28a16 16 0 0 1-16 16H18Z" fill={shade(color, -0.25)} />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#fff"
        fontSize={initials.length > 1 ? 25 : 30}
        fontWeight="700"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
      >
        {initials}
      </text>
    </svg>
  );
}

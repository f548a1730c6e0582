/**
 * Deterministic drawn art where no photo exists (UX.md): a city skyline in one colour's shades with a motif
 * in a badge. The worker draws it as an image (`/skyline/…`, shared/art.ts); pages show it with <img>.
 */
import { type ReactNode, useId } from "react";
import type { Motif, SkylineSpec } from "../../../shared/art";
import { random } from "../../../shared/random";
import { shade } from "./paint";

/** Glyphs drawn with the stroke in a 64×64 box. */
const GLYPHS: Record<Motif, ReactNode> = {
  percent: (
    <>
      <circle cx="20" cy="20" r="8" />
      <circle cx="44" cy="44" r="8" />
      <path d="M48 12 16 52" />
    </>
  ),
  shield: <path d="M32 6 54 14v16c0 14-10 24-22 28C20 54 10 44 10 30V14Zm-10 26 7 7 14-14" />,
  pin: (
    <>
      <path d="M32 58S14 38 14 26a18 18 0 0 1 36 0c0 12-18 32-18 32Z" />
      <circle cx="32" cy="26" r="6" />
    </>
  ),
  key: (
    <>
      <circle cx="20" cy="32" r="10" />
      <path d="M30 32h26m-8 0v10m8-10v8" />
    </>
  ),
  roller: (
    <path d="M13 10h30a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H13a3 3 0 0 1-3-3v-8a3 3 0 0 1 3-3Zm33 7h8v15H30v8m-4 0h8v16h-8Z" />
  ),
  chart: <path d="M10 54V38m14 16V28m14 26V34m14 20V24M10 22l16-10 12 6 16-12m-8 0h8v8" />,
  tag: (
    <>
      <path d="M8 30 30 8h24v24L32 54Z" />
      <circle cx="44" cy="18" r="4" />
    </>
  ),
  gift: <path d="M10 26h44v28H10Zm22 0v28M6 16h52v10H6Zm26 0c-6-10-16-8-12 0m12 0c6-10 16-8 12 0" />,
  calendar: (
    <path d="M12 12h40a4 4 0 0 1 4 4v34a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4Zm-4 12h48M20 6v10m24-10v10M20 35h.01M32 35h.01M44 35h.01M20 45h.01M32 45h.01" />
  ),
  swap: <path d="M12 22h38M40 12l10 10-10 10m12 10H14m10-10L14 42l10 10" />,
  flag: <path d="M14 58V6m0 2h36l-8 12 8 12H14" />,
};

/** The window pattern's cell. */
const WIN_W = 16;
const WIN_H = 20;

interface Building {
  x: number;
  w: number;
  h: number;
}

function skyline(rnd: () => number, width: number, minH: number, maxH: number): Building[] {
  const out: Building[] = [];
  let x = -10 - rnd() * 30;
  while (x < width) {
    const w = 44 + Math.round(rnd() * 70);
    out.push({ x: Math.round(x), w, h: Math.round(minH + rnd() * (maxH - minH)) });
    x += w + 6 + Math.round(rnd() * 18);
  }
  return out;
}

export function SkylineArt({ seed, color, motif, width, height }: SkylineSpec) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const rnd = random(seed * 2654435761);
  const back = skyline(rnd, width, height * 0.35, height * 0.7);
  const front = skyline(rnd, width, height * 0.2, height * 0.5);
  const sun = { cx: width * (0.55 + rnd() * 0.35), cy: height * (0.18 + rnd() * 0.2), r: 36 + rnd() * 40 };
  const ink = shade(color, -0.45);
  const badge = Math.min(96, height * 0.3);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={color} />
          <stop offset="1" stopColor={shade(color, 0.45)} />
        </linearGradient>
        <pattern id={`${id}-win`} width={WIN_W} height={WIN_H} patternUnits="userSpaceOnUse">
          <rect x="4" y="6" width="7" height="9" rx="1" fill="#fff" fillOpacity="0.5" />
        </pattern>
      </defs>
      <rect width={width} height={height} fill={`url(#${id}-bg)`} />
      <circle cx={sun.cx} cy={sun.cy} r={sun.r} fill="#fff" fillOpacity="0.18" />
      {back.map((b) => (
        <rect
          key={`b${b.x}`}
          x={b.x}
          y={height - b.h}
          width={b.w}
          height={b.h}
          fill="#fff"
          fillOpacity="0.16"
        />
      ))}
      {front.map((b) => {
        // The window grid snaps to the pattern's cells, so no window is cut in half.
        const wx = Math.ceil((b.x + 2) / WIN_W) * WIN_W;
        const wy = Math.ceil((height - b.h + 4) / WIN_H) * WIN_H;
        const ww = Math.max(0, Math.floor((b.x + b.w - 2 - wx) / WIN_W) * WIN_W);
        return (
          <g key={`f${b.x}`}>
            <rect x={b.x} y={height - b.h} width={b.w} height={b.h} fill={ink} fillOpacity="0.78" />
            <rect x={wx} y={wy} width={ww} height={Math.max(0, height - wy)} fill={`url(#${id}-win)`} />
          </g>
        );
      })}
      <g transform={`translate(${height * 0.1} ${height * 0.1})`}>
        <rect width={badge} height={badge} rx={badge * 0.22} fill="#fff" />
        <g
          transform={`translate(${badge * 0.17} ${badge * 0.17}) scale(${(badge * 0.66) / 64})`}
          fill="none"
          stroke={color}
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {GLYPHS[motif]}
        </g>
      </g>
    </svg>
  );
}

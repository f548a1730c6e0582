/**
 * Drawn views of a complex where no photo exists (UX.md): the class sets the palette and the windows, the
 * floors the height, the id the composition. Window grids are SVG patterns, so a card's drawing is a few
 * dozen elements; the same props draw the same picture on the server and in the browser. Cards, ads and the
 * hero show it as an image (FacadeImage in ArtImage.tsx, served by worker/art.tsx); bump ART_VERSION in
 * shared/art.ts when the drawing changes.
 */
import { useId } from "react";
import type { FacadeSpec } from "../../../shared/art";
import { random } from "../../../shared/random";
import { r1, shade } from "./paint";

type WindowStyle = "small" | "tall" | "band" | "panoramic";

interface Palette {
  walls: readonly [string, string, string];
  trim: string;
  glass: string;
  accent: string;
  window: WindowStyle;
}

/** Light panels; brick; graphite and wood; dark stone and bronze; white stone and gold. */
const PALETTES: Record<number, Palette> = {
  1: {
    walls: ["#e8dfcf", "#dce3e8", "#efe2cb"],
    trim: "#b3a690",
    glass: "#7fa3bf",
    accent: "#d98c5f",
    window: "small",
  },
  2: {
    walls: ["#c0694b", "#e6d2b3", "#b35c42"],
    trim: "#7f4331",
    glass: "#86a9c6",
    accent: "#efe0c4",
    window: "tall",
  },
  3: {
    walls: ["#5f6d7a", "#8d9ca8", "#4e5a66"],
    trim: "#323e49",
    glass: "#a3c4dc",
    accent: "#c89b6d",
    window: "band",
  },
  4: {
    walls: ["#4a4540", "#6f655a", "#3a3632"],
    trim: "#221f1c",
    glass: "#aac4d7",
    accent: "#c8a45c",
    window: "panoramic",
  },
  5: {
    walls: ["#ece7de", "#d9d2c6", "#f4f0e9"],
    trim: "#a39a8b",
    glass: "#607f99",
    accent: "#b8954a",
    window: "panoramic",
  },
};

/** A window inside its cell, as fractions: x, y, width, height. */
const WINDOWS: Record<WindowStyle, readonly [number, number, number, number]> = {
  small: [0.28, 0.24, 0.44, 0.5],
  tall: [0.2, 0.14, 0.6, 0.7],
  band: [0.04, 0.2, 0.92, 0.58],
  panoramic: [0.1, 0.08, 0.8, 0.84],
};
/** Cell width per floor height. */
const CELL: Record<WindowStyle, number> = { small: 1.3, tall: 1, band: 1.6, panoramic: 1.15 };

const TREES = ["#5f9b52", "#4f8a47", "#78ad5f"] as const;

interface Tower {
  x: number;
  w: number;
  floors: number;
  wall: string;
}

/** The floors of the houses to draw: the known ones, else 2–4 houses, the tallest with the complex's floors. */
function houseFloors(rnd: () => number, floors: number, houses?: readonly number[]): number[] {
  if (houses?.length) return houses.slice(0, 5).map((f) => Math.max(1, Math.min(99, Math.round(f))));
  const n = 2 + Math.floor(rnd() * 3);
  const tallest = Math.floor(rnd() * n);
  return Array.from({ length: n }, (_, i) =>
    i === tallest ? floors : Math.max(3, Math.round(floors * (0.55 + rnd() * 0.4))),
  );
}

function towers(
  id: number,
  floors: number,
  width: number,
  palette: Palette,
  houses?: readonly number[],
): Tower[] {
  const rnd = random(id * 2654435761);
  const heights = houseFloors(rnd, floors, houses);
  const n = heights.length;
  const out: Tower[] = [];
  heights.forEach((houseFloors, i) => {
    const w = width * (0.15 + rnd() * 0.11) * (n > 4 ? 0.8 : 1);
    const centre = ((i + 0.5) / n) * width + (rnd() - 0.5) * width * 0.08;
    out.push({
      x: r1(centre - w / 2),
      w: r1(w),
      floors: houseFloors,
      wall: palette.walls[Math.floor(rnd() * 3)] ?? palette.walls[0],
    });
  });
  // The tallest behind, the lowest in front.
  return out.sort((a, b) => b.floors - a.floors);
}

export function FacadeArt({ id, cls, floors, width, height, variant = "day", houses }: FacadeSpec) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const palette = PALETTES[cls] ?? (PALETTES[2] as Palette);
  const safeFloors = Math.max(1, Math.min(99, Math.round(floors) || 1));
  const scene =
    variant === "aerial" ? (
      <Aerial id={id} floors={safeFloors} width={width} height={height} palette={palette} houses={houses} />
    ) : variant === "courtyard" ? (
      <Courtyard uid={uid} id={id} floors={safeFloors} width={width} height={height} palette={palette} />
    ) : (
      <Street
        uid={uid}
        id={id}
        floors={safeFloors}
        width={width}
        height={height}
        palette={palette}
        houses={houses}
        evening={variant === "evening"}
      />
    );
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      {scene}
    </svg>
  );
}

interface SceneProps {
  id: number;
  houses?: readonly number[];
  floors: number;
  width: number;
  height: number;
  palette: Palette;
}

function Sky({
  uid,
  width,
  height,
  evening,
}: {
  uid: string;
  width: number;
  height: number;
  evening: boolean;
}) {
  return (
    <>
      <defs>
        <linearGradient id={`${uid}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={evening ? "#1f2d55" : "#a9d3f2"} />
          <stop offset="1" stopColor={evening ? "#f0a070" : "#eef6fc"} />
        </linearGradient>
      </defs>
      <rect width={width} height={height} fill={`url(#${uid}-sky)`} />
    </>
  );
}

function Tree({ x, y, r, color, trunk }: { x: number; y: number; r: number; color: string; trunk: string }) {
  return (
    <g>
      <rect x={r1(x - r * 0.12)} y={r1(y - r * 0.4)} width={r1(r * 0.24)} height={r1(r * 0.9)} fill={trunk} />
      <circle cx={r1(x)} cy={r1(y - r)} r={r1(r)} fill={color} />
    </g>
  );
}

/** Houses along a street, by day or in the evening with lit windows. */
function Street({
  uid,
  id,
  houses,
  floors,
  width,
  height,
  palette,
  evening,
}: SceneProps & { uid: string; evening: boolean }) {
  const ground = height * 0.86;
  const floorH = (height * 0.72) / Math.max(floors, 16);
  const [wx, wy, ww, wh] = WINDOWS[palette.window];
  const buildings = towers(id, floors, width, palette, houses);
  const lit = random(id * 7919 + 17);
  const extra = random(id * 104729 + 3);
  const glass = evening ? "#26324d" : palette.glass;
  const dim = (c: string) => (evening ? shade(c, -0.5) : c);
  return (
    <>
      <Sky uid={uid} width={width} height={height} evening={evening} />
      {evening ? (
        <circle
          cx={r1(width * (0.7 + extra() * 0.2))}
          cy={r1(height * 0.16)}
          r={r1(height * 0.05)}
          fill="#fdf3d6"
        />
      ) : (
        <>
          <circle
            cx={r1(width * (0.72 + extra() * 0.2))}
            cy={r1(height * 0.17)}
            r={r1(height * 0.07)}
            fill="#fff7d6"
          />
          <ellipse
            cx={r1(width * (0.15 + extra() * 0.3))}
            cy={r1(height * 0.14)}
            rx={r1(width * 0.08)}
            ry={r1(height * 0.03)}
            fill="#fff"
            fillOpacity="0.8"
          />
        </>
      )}
      {Array.from({ length: 9 }, (_, i) => {
        const w = width * (0.07 + extra() * 0.06);
        const h = height * (0.12 + extra() * 0.22);
        const x = r1((i / 9) * width + (extra() - 0.5) * width * 0.05);
        return (
          <rect
            key={`s${x}`}
            x={x}
            y={r1(ground - h)}
            width={r1(w)}
            height={r1(h)}
            fill={evening ? "#3d4a6b" : "#c4d6e4"}
          />
        );
      })}
      <defs>
        {buildings.map((h, i) => {
          const cols = Math.max(2, Math.round(h.w / (floorH * CELL[palette.window])));
          const cellW = h.w / cols;
          return (
            <pattern
              key={`p${h.x}`}
              id={`${uid}-w${i}`}
              patternUnits="userSpaceOnUse"
              x={h.x}
              y={r1(ground - h.floors * floorH)}
              width={r1(cellW * 100) / 100}
              height={r1(floorH * 100) / 100}
            >
              <rect
                x={r1(cellW * wx * 100) / 100}
                y={r1(floorH * wy * 100) / 100}
                width={r1(cellW * ww * 100) / 100}
                height={r1(floorH * wh * 100) / 100}
                fill={glass}
              />
            </pattern>
          );
        })}
      </defs>
      {buildings.map((h, i) => {
        const top = ground - h.floors * floorH;
        const wall = dim(h.wall);
        const cols = Math.max(2, Math.round(h.w / (floorH * CELL[palette.window])));
        const cellW = h.w / cols;
        const lights: { x: number; y: number }[] = [];
        if (evening) {
          for (let f = 1; f < h.floors; f++) {
            for (let c = 0; c < cols; c++)
              if (lit() < 0.3) lights.push({ x: h.x + c * cellW, y: top + (f - 1) * floorH });
          }
        }
        return (
          <g key={`h${h.x}`}>
            <rect x={h.x} y={r1(top)} width={h.w} height={r1(ground - top)} fill={wall} />
            <rect
              x={h.x}
              y={r1(top)}
              width={h.w}
              height={r1(ground - top - floorH * 1.3)}
              fill={`url(#${uid}-w${i})`}
            />
            {lights.length > 0 && (
              // All lit windows of a house are one path: the hero's evening view has hundreds of them.
              <path
                d={lights
                  .map(
                    (l) =>
                      `M${r1(l.x + cellW * wx)} ${r1(l.y + floorH * wy)}h${r1(cellW * ww)}v${r1(floorH * wh)}h${r1(-cellW * ww)}z`,
                  )
                  .join("")}
                fill="#ffcf73"
              />
            )}
            {palette.window !== "small" && (
              <rect
                x={r1(h.x + h.w * 0.46)}
                y={r1(top)}
                width={r1(h.w * 0.08)}
                height={r1(ground - top)}
                fill={dim(palette.accent)}
                fillOpacity="0.55"
              />
            )}
            <rect
              x={r1(h.x - 2)}
              y={r1(top - floorH * 0.45)}
              width={r1(h.w + 4)}
              height={r1(floorH * 0.45)}
              fill={dim(palette.trim)}
            />
            <rect
              x={h.x}
              y={r1(ground - floorH * 1.3)}
              width={h.w}
              height={r1(floorH * 1.3)}
              fill={dim(shade(h.wall, -0.3))}
            />
            <rect
              x={r1(h.x + h.w * 0.08)}
              y={r1(ground - floorH * 1.05)}
              width={r1(h.w * 0.84)}
              height={r1(floorH * 0.85)}
              fill={evening ? "#ffd98f" : palette.glass}
              fillOpacity={evening ? 0.85 : 0.9}
            />
          </g>
        );
      })}
      <rect
        y={r1(ground)}
        width={width}
        height={r1(height - ground)}
        fill={evening ? "#2c3a2e" : "#9cc58a"}
      />
      <rect
        y={r1(ground + (height - ground) * 0.55)}
        width={width}
        height={r1((height - ground) * 0.45)}
        fill={evening ? "#3b3f47" : "#b9bec6"}
      />
      {Array.from({ length: Math.max(3, Math.round(width / 70)) }, (_, i) => {
        const x = ((i + 0.3 + extra() * 0.4) / Math.max(3, Math.round(width / 70))) * width;
        const r = height * (0.035 + extra() * 0.025);
        const color = TREES[i % 3] ?? TREES[0];
        return (
          <Tree
            key={`t${r1(x)}`}
            x={x}
            y={ground + (height - ground) * 0.5}
            r={r}
            color={dim(color)}
            trunk={dim("#6d5140")}
          />
        );
      })}
    </>
  );
}

/** The courtyard from a bench: houses on three sides, a lawn, a path, a playground and trees. */
function Courtyard({ uid, id, floors, width, height, palette }: SceneProps & { uid: string }) {
  const rnd = random(id * 31337 + 5);
  const back = height * 0.62;
  const visible = Math.min(floors, 22);
  const floorH = (height * 0.5) / Math.max(visible, 12);
  const top = back - visible * floorH;
  const [wx, wy, ww, wh] = WINDOWS[palette.window];
  const cellW = floorH * CELL[palette.window];
  const wall = palette.walls[0];
  const side = shade(palette.walls[1], -0.12);
  const left = width * 0.2;
  const right = width * 0.8;
  const lines = Array.from({ length: visible }, (_, i) => i);
  const trees = Array.from({ length: 5 }, () => ({ x: rnd() * width, s: 0.06 + rnd() * 0.05 }));
  return (
    <>
      <Sky uid={uid} width={width} height={height} evening={false} />
      <defs>
        <pattern
          id={`${uid}-cw`}
          patternUnits="userSpaceOnUse"
          x={r1(left)}
          y={r1(top)}
          width={r1(cellW * 100) / 100}
          height={r1(floorH * 100) / 100}
        >
          <rect
            x={r1(cellW * wx * 100) / 100}
            y={r1(floorH * wy * 100) / 100}
            width={r1(cellW * ww * 100) / 100}
            height={r1(floorH * wh * 100) / 100}
            fill={palette.glass}
          />
        </pattern>
      </defs>
      <rect x={r1(left)} y={r1(top)} width={r1(right - left)} height={r1(back - top)} fill={wall} />
      <rect
        x={r1(left)}
        y={r1(top)}
        width={r1(right - left)}
        height={r1(back - top)}
        fill={`url(#${uid}-cw)`}
      />
      <rect
        x={r1(left - 2)}
        y={r1(top - floorH * 0.5)}
        width={r1(right - left + 4)}
        height={r1(floorH * 0.5)}
        fill={palette.trim}
      />
      <polygon
        points={`0,${r1(top - height * 0.12)} ${r1(left)},${r1(top)} ${r1(left)},${r1(back)} 0,${r1(height * 0.8)}`}
        fill={side}
      />
      <polygon
        points={`${width},${r1(top - height * 0.12)} ${r1(right)},${r1(top)} ${r1(right)},${r1(back)} ${width},${r1(height * 0.8)}`}
        fill={side}
      />
      {lines.map((i) => {
        const t = (i + 1) / (visible + 1);
        const yb = top + (back - top) * t;
        const yLeft = top - height * 0.12 + (height * 0.8 - (top - height * 0.12)) * t;
        return (
          <g
            key={i}
            stroke={shade(side, -0.25)}
            strokeWidth={r1(Math.max(1, floorH * 0.35))}
            strokeOpacity="0.7"
          >
            <line x1="0" y1={r1(yLeft)} x2={r1(left)} y2={r1(yb)} />
            <line x1={width} y1={r1(yLeft)} x2={r1(right)} y2={r1(yb)} />
          </g>
        );
      })}
      <polygon
        points={`0,${r1(height * 0.8)} ${r1(left)},${r1(back)} ${r1(right)},${r1(back)} ${width},${r1(height * 0.8)} ${width},${height} 0,${height}`}
        fill="#a6cf8f"
      />
      <path
        d={`M${r1(width * 0.45)} ${r1(back)} C ${r1(width * 0.5)} ${r1(height * 0.75)}, ${r1(width * 0.25)} ${r1(height * 0.85)}, ${r1(width * 0.3)} ${height} L ${r1(width * 0.52)} ${height} C ${r1(width * 0.46)} ${r1(height * 0.85)}, ${r1(width * 0.6)} ${r1(height * 0.75)}, ${r1(width * 0.52)} ${r1(back)} Z`}
        fill="#e9e1d2"
      />
      <ellipse
        cx={r1(width * 0.72)}
        cy={r1(height * 0.84)}
        rx={r1(width * 0.14)}
        ry={r1(height * 0.07)}
        fill={palette.accent}
        fillOpacity="0.8"
      />
      <path
        d={`M${r1(width * 0.66)} ${r1(height * 0.84)} l ${r1(width * 0.03)} ${r1(-height * 0.12)} h ${r1(width * 0.03)} l ${r1(width * 0.05)} ${r1(height * 0.12)}`}
        fill="none"
        stroke="#e05a47"
        strokeWidth={r1(Math.max(2, height * 0.012))}
        strokeLinejoin="round"
      />
      <rect
        x={r1(width * 0.12)}
        y={r1(height * 0.86)}
        width={r1(width * 0.1)}
        height={r1(height * 0.015)}
        fill="#7a5a44"
      />
      {trees.map((t) => (
        <Tree
          key={r1(t.x)}
          x={t.x}
          y={height * (0.9 + t.s)}
          r={height * t.s * 1.2}
          color={TREES[Math.floor(t.s * 100) % 3] ?? TREES[0]}
          trunk="#6d5140"
        />
      ))}
    </>
  );
}

/** The site plan from above: houses with their shadows (longer for taller ones), yards, roads, parking. */
function Aerial({ id, houses, floors, width, height, palette }: SceneProps) {
  const rnd = random(id * 2654435761);
  const heights = houseFloors(rnd, floors, houses);
  const n = heights.length;
  const road = Math.min(width, height) * 0.09;
  const cols = Math.min(n, 2);
  const blocks = heights.map((houseFloors, i) => {
    const cellW = (width - road * 2) / cols;
    const cellH = (height - road * 2) / Math.ceil(n / cols);
    const long = rnd() < 0.5;
    const w = cellW * (long ? 0.62 : 0.3);
    const h = cellH * (long ? 0.26 : 0.55);
    return {
      x: road * 1.3 + (i % cols) * cellW + (cellW - w) * (0.2 + rnd() * 0.5),
      y: road * 0.6 + Math.floor(i / cols) * cellH + (cellH - h) * (0.2 + rnd() * 0.5),
      w,
      h,
      // Taller houses cast longer shadows.
      shadow: Math.min(houseFloors, 40) * Math.min(width, height) * 0.004,
    };
  });
  const roof = palette.window === "small" ? palette.trim : shade(palette.walls[0], -0.15);
  return (
    <>
      <rect width={width} height={height} fill="#cfe3bf" />
      <rect y={r1(height - road)} width={width} height={r1(road)} fill="#9aa1ab" />
      <rect x={r1(width - road)} width={r1(road)} height={height} fill="#9aa1ab" />
      <line
        x1="0"
        y1={r1(height - road / 2)}
        x2={r1(width - road)}
        y2={r1(height - road / 2)}
        stroke="#fff"
        strokeWidth="2"
        strokeDasharray="10 8"
      />
      <line
        x1={r1(width - road / 2)}
        y1="0"
        x2={r1(width - road / 2)}
        y2={r1(height - road)}
        stroke="#fff"
        strokeWidth="2"
        strokeDasharray="10 8"
      />
      <rect
        x={r1(road * 0.4)}
        y={r1(height - road * 2.4)}
        width={r1(width * 0.22)}
        height={r1(road * 1.1)}
        fill="#b8bec6"
      />
      {Array.from({ length: 8 }, (_, i) => r1(road * 0.4 + (i * width * 0.22) / 8)).map((x) => (
        <line
          key={x}
          x1={x}
          y1={r1(height - road * 2.4)}
          x2={x}
          y2={r1(height - road * 1.3)}
          stroke="#fff"
          strokeWidth="1.5"
        />
      ))}
      <circle
        cx={r1(width * 0.5)}
        cy={r1(height * 0.52)}
        r={r1(Math.min(width, height) * 0.07)}
        fill={palette.accent}
        fillOpacity="0.75"
      />
      {Array.from({ length: 14 }, () => ({ x: rnd() * width * 0.9, y: rnd() * height * 0.85 })).map((t) => (
        <circle
          key={`${r1(t.x)}-${r1(t.y)}`}
          cx={r1(t.x)}
          cy={r1(t.y)}
          r={r1(Math.min(width, height) * 0.022)}
          fill="#5f9b52"
        />
      ))}
      {blocks.map((b) => (
        <g key={`b${r1(b.x)}`}>
          <rect
            x={r1(b.x + b.shadow)}
            y={r1(b.y + b.shadow * 0.6)}
            width={r1(b.w)}
            height={r1(b.h)}
            fill="#243024"
            fillOpacity="0.25"
          />
          <rect
            x={r1(b.x)}
            y={r1(b.y)}
            width={r1(b.w)}
            height={r1(b.h)}
            fill={roof}
            stroke={shade(roof, -0.3)}
            strokeWidth="2"
          />
          <rect
            x={r1(b.x + b.w * 0.1)}
            y={r1(b.y + b.h * 0.2)}
            width={r1(b.w * 0.16)}
            height={r1(b.h * 0.22)}
            fill={shade(roof, 0.3)}
          />
        </g>
      ))}
    </>
  );
}

/**
 * An apartment's floor plan drawn from its geometry (shared/plan.ts): rooms as rectangles with names and
 * areas, thick outer walls with windows on the façade and the entrance door, the loggia, the overall size
 * and a scale bar. Units inside the drawing are centimetres; the SVG keeps its box whatever the plan's shape.
 */
import { formatArea, formatDecimal } from "../../../shared/format";
import {
  decodePlan,
  type PlanAreas,
  type PlanRoom,
  ROOM_FILL,
  ROOM_NAMES,
  type RoomCode,
  roomAreas,
} from "../../../shared/plan";
import { r1 } from "../art/paint";
import "./apartment.css";

const WINDOW_ROOMS: readonly RoomCode[] = ["R", "S", "L", "K"];
const INK = "#374151";
const cm = (m: number) => Math.round(m * 100);
const metres = (m: number) => `${formatDecimal(m, 1)}\u00a0м`;

export interface FloorPlanProps {
  plan: string;
  areas?: PlanAreas;
  /** A thumbnail for lists: no labels, no dimensions. */
  compact?: boolean;
  /** The accessible name of the drawing. */
  title: string;
  className?: string;
  /** Drawn as an image file of its own (worker/art.tsx): the SVG namespace on its root. */
  xmlns?: boolean;
}

/** The drawing's margins around the plan, in centimetres per 10 m of its longer side. */
function frame(width: number, depth: number, top: number, compact: boolean) {
  const u = Math.max(cm(width), cm(depth - top)) / 1000;
  const margin = (compact ? 30 : 90) * u;
  const below = (compact ? 30 : 150) * u;
  return {
    u,
    x: r1(-margin),
    y: r1(cm(top) - margin),
    w: r1(cm(width) + margin * 2),
    h: r1(cm(depth - top) + margin + below),
  };
}

/** Width to height of a plan's full drawing (for its box); null when the plan cannot be read. */
export function planAspect(plan: string): number | null {
  const p = decodePlan(plan);
  if (!p) return null;
  const f = frame(p.width, p.depth, Math.min(0, ...p.rooms.map((r) => r.y)), false);
  return f.w / f.h;
}

export function FloorPlan({ plan, areas, compact = false, title, className, xmlns }: FloorPlanProps) {
  const ns = xmlns ? "http://www.w3.org/2000/svg" : undefined;
  const decoded = decodePlan(plan);
  if (!decoded) {
    return (
      <svg
        xmlns={ns}
        className={className}
        viewBox="0 0 400 300"
        role="img"
        aria-label={`${title}: планировка уточняется`}
      >
        <rect
          x="20"
          y="20"
          width="360"
          height="260"
          rx="12"
          fill="#f8fafc"
          stroke="#cbd5e1"
          strokeDasharray="8 6"
        />
        <text x="200" y="156" textAnchor="middle" fontSize="22" fill="#6b7280">
          Планировка уточняется
        </text>
      </svg>
    );
  }
  const { width, depth, rooms } = decoded;
  const printed = roomAreas(rooms, areas);
  const areaOf = (r: PlanRoom) => printed.get(r) ?? r.w * r.h;
  const top = Math.min(0, ...rooms.map((r) => r.y));
  // Text, margins and strokes follow the plan's longer side, so a 30-metre plan reads like a 6-metre one.
  const { u, x: vbX, y: vbY, w: vbW, h: vbH } = frame(width, depth, top, compact);
  // Walls stay walls: they thicken less than the text on a long plan.
  const thick = Math.min(u, 1.6);
  const wall = r1(22 * thick);
  const label = (r: PlanRoom) => {
    const size = Math.max(24 * u, Math.min(cm(r.w) * 0.14, cm(r.h) * 0.2, 44 * u));
    const cx = cm(r.x + r.w / 2);
    const cy = cm(r.y + r.h / 2);
    const name = r.type === "B" && areaOf(r) < 4 ? "С/у" : ROOM_NAMES[r.type];
    // A long name shrinks to fit its room, down to a readable size; below that only the area is shown.
    const nameSize = Math.min(size, (cm(r.w) * 0.9) / (name.length * 0.62));
    const narrow = nameSize < 20 * u || cm(r.h) < size * 2.4;
    if (cm(r.h) < size * 1.3) return null;
    return (
      <g key={`l${r.x},${r.y}`} fontSize={r1(size)} fill={INK} textAnchor="middle">
        {!narrow && (
          <text x={cx} y={r1(cy - size * 0.2)} fontSize={r1(nameSize)}>
            {name}
          </text>
        )}
        <text x={cx} y={r1(narrow ? cy + size * 0.35 : cy + size)} fontWeight="600">
          {formatArea(areaOf(r))}
        </text>
      </g>
    );
  };
  const hall = rooms.find((r) => r.type === "H");
  const scaleM = width > 12 ? 5 : width > 5 ? 2 : 1;
  const dimY = cm(depth) + 55 * u;
  return (
    <svg
      xmlns={ns}
      className={className}
      viewBox={`${vbX} ${vbY} ${vbW} ${vbH}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={`${title}: ${rooms
        .map((r) => `${ROOM_NAMES[r.type].toLowerCase()} ${formatArea(areaOf(r))}`)
        .join(", ")}`}
    >
      {rooms.map((r) => (
        <rect
          key={`r${r.x},${r.y}`}
          x={cm(r.x)}
          y={cm(r.y)}
          width={cm(r.w)}
          height={cm(r.h)}
          fill={ROOM_FILL[r.type]}
          stroke={INK}
          strokeWidth={r1((r.type === "G" ? 5 : 8) * thick)}
          strokeDasharray={r.type === "G" ? `${r1(14 * u)} ${r1(8 * u)}` : undefined}
        />
      ))}
      <rect x={0} y={0} width={cm(width)} height={cm(depth)} fill="none" stroke={INK} strokeWidth={wall} />
      {rooms
        .filter((r) => WINDOW_ROOMS.includes(r.type) && r.y === 0)
        .map((r) => (
          <rect
            key={`w${r.x}`}
            x={cm(r.x + r.w * 0.25)}
            y={-wall / 2}
            width={cm(r.w * 0.5)}
            height={wall}
            fill="#dbeafe"
            stroke={INK}
            strokeWidth={r1(3 * u)}
          />
        ))}
      {hall && (
        <rect
          x={r1(cm(hall.x + hall.w / 2) - 45 * u)}
          y={r1(cm(depth) - wall / 2 - 2 * u)}
          width={r1(90 * u)}
          height={r1(wall + 4 * u)}
          fill="#fff"
          stroke={INK}
          strokeWidth={r1(3 * u)}
        />
      )}
      {!compact && (
        <>
          {rooms.map(label)}
          <g fontSize={r1(30 * u)} fill={INK} textAnchor="middle" stroke={INK} strokeWidth={r1(3 * u)}>
            <line x1={0} y1={r1(dimY)} x2={cm(width)} y2={r1(dimY)} />
            <line x1={0} y1={r1(dimY - 13 * u)} x2={0} y2={r1(dimY + 13 * u)} />
            <line x1={cm(width)} y1={r1(dimY - 13 * u)} x2={cm(width)} y2={r1(dimY + 13 * u)} />
            <text x={cm(width / 2)} y={r1(dimY - 10 * u)} stroke="none">
              {metres(width)}
            </text>
          </g>
          <g fontSize={r1(26 * u)} fill="#6b7280">
            <rect x={0} y={r1(dimY + 45 * u)} width={cm(scaleM)} height={r1(12 * u)} fill={INK} />
            <text x={r1(cm(scaleM) + 16 * u)} y={r1(dimY + 57 * u)}>
              {metres(scaleM)}
            </text>
          </g>
        </>
      )}
    </svg>
  );
}

/**
 * A small schematic map of the complex and its nearest stations, drawn from coordinates: no tiles and no
 * third-party requests. North is up; a dashed circle shows a 15-minute walk; a corner note points to the city
 * centre with its distance; a scale bar gives the distances.
 */
import { formatDecimal, formatNumber } from "../../../shared/format";
import type { StationPoint } from "../../../shared/schemas/catalogue";
import { r1 } from "../art/paint";
import { stationDistance, stationName } from "./text";
import "./complex.css";

const W = 640;
const H = 400;
const PAD = 36;
/** Red Square: where «the centre» is. */
const CENTRE = { lat: 55.7539, lng: 37.6208 };
/** A 15-minute walk at 4,8 km/h. */
const WALK_KM = 1.2;
const LABEL_H = 48;

/** Kilometres east and south of the origin (equirectangular: exact enough across a few kilometres). */
function offsetKm(origin: { lat: number; lng: number }, p: { lat: number; lng: number }) {
  return {
    x: (p.lng - origin.lng) * 111.32 * Math.cos((origin.lat * Math.PI) / 180),
    y: (origin.lat - p.lat) * 111.13,
  };
}

/** «800 м», «2,4 км» */
const km = (d: number) =>
  d < 1 ? `${formatNumber(Math.round(d * 10) * 100)}\u00a0м` : `${formatDecimal(d, 1)}\u00a0км`;

/** Grid line positions through `centre`, `step` apart, across `size`. */
function gridLines(centre: number, size: number, step: number): number[] {
  const n = Math.ceil(size / 2 / step);
  return Array.from({ length: n * 2 + 1 }, (_, i) => r1(centre + (i - n) * step));
}

export default function LocationMap({
  name,
  lat,
  lng,
  stations,
}: {
  name: string;
  lat: number;
  lng: number;
  stations: readonly StationPoint[];
}) {
  const points = stations.map((station) => ({ station, lat: station.lat, lng: station.lng }));
  const origin = { lat, lng };
  const far = Math.max(
    WALK_KM,
    ...points.map((p) => Math.hypot(offsetKm(origin, p).x, offsetKm(origin, p).y)),
  );
  const radius = Math.min(8, far * 1.15);
  const scale = (H / 2 - PAD) / radius;
  const cx = W / 2;
  const cy = H / 2;
  const toXY = (p: { lat: number; lng: number }) => {
    const o = offsetKm(origin, p);
    const d = Math.hypot(o.x, o.y);
    // Anything farther than the map reaches sits on its edge, in its direction.
    const k = Math.min(scale, d ? (H / 2 - PAD) / d : scale);
    return { x: cx + o.x * k, y: cy + o.y * k, d };
  };
  const centre = toXY(CENTRE);
  const centreInside = centre.d <= radius * 0.95;
  const angle = (Math.atan2(centre.y - cy, centre.x - cx) * 180) / Math.PI;
  const bar = [0.2, 0.5, 1, 2, 5].find((b) => b * scale >= 70) ?? 5;
  const grid = bar * scale;

  // Labels beside their points, pushed down where they would overlap on the same side.
  const marks = points
    .map((p) => ({ ...p, ...toXY(p) }))
    .sort((a, b) => a.y - b.y)
    .map((m) => {
      // Outward from the complex, unless the label would leave the map (phones draw the text 1,5 times larger).
      const width = (Math.max(stationName(m.station).length * 8.4, 24 * 6.6) + 16) * 1.5;
      const left = m.x < cx ? m.x - width > 0 : m.x + width > W;
      return { ...m, left, ly: m.y + 4 };
    });
  for (let i = 1; i < marks.length; i++) {
    const m = marks[i];
    if (!m) continue;
    for (const prev of marks.slice(0, i)) {
      if (prev.left === m.left && Math.abs(prev.x - m.x) < 200 && m.ly - prev.ly < LABEL_H)
        m.ly = prev.ly + LABEL_H;
    }
  }
  const summary = points.length
    ? points.map((p) => `${stationName(p.station)} — ${km(toXY(p).d)} по прямой`).join("; ")
    : "станции рядом не указаны";

  return (
    <svg
      className="location-map"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Схема: ${name} и ближайшие станции: ${summary}`}
    >
      <rect width={W} height={H} rx="16" fill="#eef3ea" />
      <g stroke="#dbe4d4" strokeWidth="1">
        {gridLines(cx, W, grid).map((x) => (
          <line key={`v${x}`} x1={x} y1={0} x2={x} y2={H} />
        ))}
        {gridLines(cy, H, grid).map((y) => (
          <line key={`h${y}`} x1={0} y1={y} x2={W} y2={y} />
        ))}
      </g>
      <circle
        cx={cx}
        cy={cy}
        r={r1(WALK_KM * scale)}
        fill="#ffffff"
        fillOpacity="0.45"
        stroke="#7c8b9a"
        strokeDasharray="6 6"
      />
      <text x={cx} y={r1(cy - WALK_KM * scale - 6)} textAnchor="middle" className="location-map__note">
        15 мин пешком
      </text>
      {centreInside && <circle cx={r1(centre.x)} cy={r1(centre.y)} r="6" fill="#9a6700" />}
      {marks.map((m) => (
        <g key={m.station.id}>
          <line
            x1={cx}
            y1={cy}
            x2={r1(m.x)}
            y2={r1(m.y)}
            stroke={m.station.color}
            strokeWidth="3"
            strokeDasharray="2 6"
            strokeLinecap="round"
          />
          <circle cx={r1(m.x)} cy={r1(m.y)} r="9" fill={m.station.color} stroke="#fff" strokeWidth="3" />
          <text
            x={r1(m.left ? m.x - 14 : m.x + 14)}
            y={r1(m.ly)}
            textAnchor={m.left ? "end" : "start"}
            className="location-map__label"
          >
            <tspan>{stationName(m.station)}</tspan>
            <tspan x={r1(m.left ? m.x - 14 : m.x + 14)} dy="1.2em" className="location-map__note">
              {[stationDistance(m.station), km(m.d)].filter(Boolean).join(" · ")}
            </tspan>
          </text>
        </g>
      ))}
      <circle cx={cx} cy={cy} r="15" fill="#1d5bd8" stroke="#fff" strokeWidth="3" />
      <path d={`M${cx - 7} ${cy + 1} l7 -7 l7 7 v6 h-14 Z`} fill="#fff" />
      <g transform="translate(20 28)">
        <circle r="8" fill="#1d5bd8" />
        <text x="16" y="5" className="location-map__label">
          {name}
        </text>
      </g>
      <g transform={`translate(${W - 20} ${H - 24})`}>
        {centreInside ? (
          <circle cx="-8" cy="-4" r="6" fill="#9a6700" />
        ) : (
          <path
            d="M-16 -4 h14 m-6 -6 l6 6 l-6 6"
            transform={`rotate(${r1(angle)} -9 -4)`}
            stroke="#9a6700"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
        <text x="-26" y="1" textAnchor="end" className="location-map__note">
          Центр Москвы — {km(centre.d)}
        </text>
      </g>
      <g transform={`translate(${PAD - 16} ${H - 22})`}>
        <rect width={r1(bar * scale)} height="6" fill="#374151" />
        <text x={r1(bar * scale + 8)} y="7" className="location-map__note">
          {km(bar)}
        </text>
      </g>
      <g transform={`translate(${W - 30} 30)`} className="location-map__note">
        <path d="M0 -14 L6 4 L0 0 L-6 4 Z" fill="#374151" />
        <text y="20" textAnchor="middle">
          С
        </text>
      </g>
    </svg>
  );
}

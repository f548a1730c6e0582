/**
 * A house drawn at its construction stage (issue 31) where the developer published no photo: the pit
 * (котлован), the frame up to the floor its readiness reaches (каркас), the walls closing in (фасад), the
 * finished house with its yard (благоустройство). Always shown as an illustration (the caller labels it),
 * never as a photo. Pure SVG: the same props draw the same picture on the server and in the browser.
 */
import type { ConstructionStage } from "../../../shared/construction/history";
import { r1 } from "./paint";

const W = 160;
const H = 120;
const GROUND = 104;
/** The most storeys drawn: a tall house is drawn shorter, its proportion kept by the floor count shown. */
const MAX_LEVELS = 18;

export function StageArt({
  stage,
  readiness,
  floors,
}: {
  stage: ConstructionStage;
  readiness: number;
  floors: number;
}) {
  const levels = Math.max(3, Math.min(MAX_LEVELS, floors));
  const level = r1((GROUND - 14) / MAX_LEVELS);
  const left = 46;
  const width = 68;
  const top = GROUND - levels * level;
  // The frame's height grows with the readiness through the frame's span (10–60 %).
  const built =
    stage === 1 ? 0 : stage === 2 ? Math.max(1, Math.round((levels * Math.min(readiness, 60)) / 60)) : levels;
  const frameTop = GROUND - built * level;
  const cladded =
    stage === 3 ? Math.round((levels * Math.max(0, readiness - 50)) / 45) : stage === 4 ? levels : 0;
  const slabs = Array.from({ length: built }, (_, i) => GROUND - (i + 1) * level);
  const windows = Array.from({ length: cladded }, (_, i) => GROUND - (i + 1) * level);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="stage-art" aria-hidden="true" focusable="false">
      <rect width={W} height={H} fill="#e9f0f7" />
      <rect y={GROUND} width={W} height={H - GROUND} fill={stage === 4 ? "#9cc58a" : "#b9a58a"} />
      {stage === 1 && (
        <>
          <path
            d={`M${left - 6} ${GROUND} L${left + 4} ${GROUND + 12} L${left + width - 4} ${GROUND + 12} L${left + width + 6} ${GROUND}Z`}
            fill="#7d6a52"
          />
          <path d={`M${left + width + 10} ${GROUND} l8 -10 h14 l4 10Z`} fill="#e0a030" />
          <path
            d={`M${left + width + 18} ${GROUND - 10} l-16 -12 l-6 6`}
            stroke="#c07a10"
            strokeWidth="3"
            fill="none"
          />
        </>
      )}
      {built > 0 && (
        <g>
          {[0, 1, 2, 3].map((i) => (
            <rect
              key={i}
              x={left + 2 + i * 20.5}
              y={frameTop}
              width="3"
              height={GROUND - frameTop}
              fill="#9aa3ad"
            />
          ))}
          {slabs.map((y) => (
            <rect key={y} x={left} y={y} width={width} height="2" fill="#7c8691" />
          ))}
        </g>
      )}
      {cladded > 0 && (
        <g>
          <rect x={left} y={GROUND - cladded * level} width={width} height={cladded * level} fill="#d9cbb5" />
          {windows.map((y) =>
            [0, 1, 2, 3, 4].map((i) => (
              <rect
                key={`${y}-${i}`}
                x={left + 5 + i * 13}
                y={r1(y + level * 0.25)}
                width="7"
                height={r1(level * 0.5)}
                fill="#7fa3bf"
              />
            )),
          )}
        </g>
      )}
      {stage !== 4 && (
        // The tower crane: its mast beside the house, its jib over the top.
        <g stroke="#e0a030" strokeWidth="2" fill="none">
          <path d={`M${left - 12} ${GROUND} V${Math.min(top, frameTop) - 10}`} />
          <path d={`M${left - 24} ${Math.min(top, frameTop) - 10} H${left + width - 8}`} />
          <path d={`M${left + width - 20} ${Math.min(top, frameTop) - 10} v14`} strokeWidth="1" />
        </g>
      )}
      {stage === 4 && (
        <g>
          <rect x={left + width / 2 - 6} y={GROUND - level} width="12" height={level} fill="#6b4f3a" />
          {[14, 28, 130, 146].map((x) => (
            <g key={x}>
              <rect x={x - 1} y={GROUND - 8} width="2" height="8" fill="#6b4f3a" />
              <circle cx={x} cy={GROUND - 12} r="7" fill="#5f9b56" />
            </g>
          ))}
          <rect x={left - 10} y={GROUND + 4} width={width + 20} height="4" fill="#cfc6b8" />
        </g>
      )}
    </svg>
  );
}

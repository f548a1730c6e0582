import { type ReactNode, useRef } from "react";

const ANIMATION_MS = 300;
const DRAG_FACTOR = 1.2;

/**
 * A horizontal scroll block (SPEC §4): arrows scroll by a screen in 300 ms, a mouse drag scrolls 1.2× the
 * pointer's way; touch scrolls natively. A drag does not click the link under the pointer.
 */
export function ScrollRow({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);

  const scrollBy = (dir: 1 | -1) => {
    const el = row.current;
    if (!el) return;
    const from = el.scrollLeft;
    const to = from + dir * el.clientWidth * 0.9;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ANIMATION_MS);
      el.scrollLeft = from + (to - from) * (1 - (1 - t) ** 3);
      if (t < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };

  return (
    <div className="scroll-row">
      <button
        type="button"
        className="scroll-row__arrow scroll-row__arrow--prev"
        aria-label={`${label}: назад`}
        onClick={() => scrollBy(-1)}
      >
        ‹
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse drag is an extra; arrows and keyboard scroll too */}
      <div
        ref={row}
        className="scroll-row__track"
        onMouseDown={(e) => {
          drag.current = { x: e.clientX, left: row.current?.scrollLeft ?? 0, moved: false };
        }}
        onMouseMove={(e) => {
          const d = drag.current;
          if (!d || !row.current) return;
          const dx = (e.clientX - d.x) * DRAG_FACTOR;
          if (Math.abs(dx) > 4) d.moved = true;
          row.current.scrollLeft = d.left - dx;
        }}
        onMouseUp={() => {
          setTimeout(() => {
            drag.current = null;
          });
        }}
        onMouseLeave={() => {
          drag.current = null;
        }}
        onClickCapture={(e) => {
          if (drag.current?.moved) e.preventDefault();
        }}
      >
        {children}
      </div>
      <button
        type="button"
        className="scroll-row__arrow scroll-row__arrow--next"
        aria-label={`${label}: дальше`}
        onClick={() => scrollBy(1)}
      >
        ›
      </button>
    </div>
  );
}

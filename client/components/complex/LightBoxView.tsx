/** The light box's view (LightBox.tsx loads it on the first opening): the slide, its caption, the arrows. */
import { type PointerEvent as ReactPointerEvent, useRef } from "react";
import { Dialog } from "../Dialog";
import { ChevronIcon, CloseIcon } from "../icons";
import type { Slide } from "./LightBox";

/** A horizontal move this long (px) is a swipe. */
const SWIPE_PX = 48;

export default function LightBoxView({
  slides,
  index,
  onStep,
  onClose,
}: {
  slides: readonly Slide[];
  index: number;
  onStep(delta: number): void;
  onClose(): void;
}) {
  const swipeFrom = useRef<number | null>(null);
  const slide = slides[index] ?? slides[0];

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.pointerType !== "mouse") swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) onStep(dx < 0 ? 1 : -1);
  };

  if (!slide) return null;
  const many = slides.length > 1;
  return (
    <Dialog
      className="cx-lightbox"
      aria-roledescription="галерея"
      aria-label={slide.caption}
      onClose={onClose}
      closeOnOutsideClick={false}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") onStep(-1);
        else if (e.key === "ArrowRight") onStep(1);
      }}
    >
      <div className="cx-lightbox__bar">
        <span className="cx-lightbox__count" aria-live="polite">
          {many ? `${index + 1} из ${slides.length} · ` : ""}
          {slide.caption}
        </span>
        <button type="button" className="cx-lightbox__button" aria-label="Закрыть" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div
        className="cx-lightbox__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        <div className="cx-lightbox__slide" key={slide.key}>
          {slide.content}
        </div>
      </div>
      {many && (
        <>
          <button
            type="button"
            className="cx-lightbox__button cx-lightbox__prev"
            aria-label="Предыдущее изображение"
            onClick={() => onStep(-1)}
          >
            <ChevronIcon />
          </button>
          <button
            type="button"
            className="cx-lightbox__button cx-lightbox__next"
            aria-label="Следующее изображение"
            onClick={() => onStep(1)}
          >
            <ChevronIcon />
          </button>
        </>
      )}
    </Dialog>
  );
}

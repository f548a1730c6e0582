/**
 * The light box: the root state's `light_box_slides` of SPEC §3 as a small context. A page wraps its content
 * in the provider; any picture opens the slides at an index. ←/→ and swipes move, Esc and the cross close;
 * the modal behaviour (focus kept inside and given back) is Dialog's.
 */
import {
  createContext,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import { Dialog } from "../Dialog";
import { ChevronIcon, CloseIcon } from "../icons";
import "./complex.css";

export interface Slide {
  key: string;
  caption: string;
  content: ReactNode;
}

interface LightBoxState {
  /** SPEC §3 light_box_slides: what the light box shows; null when it is closed. */
  slides: readonly Slide[] | null;
  index: number;
}

interface LightBoxApi {
  open(slides: readonly Slide[], index: number): void;
}

const LightBoxContext = createContext<LightBoxApi>({ open: () => undefined });

export const useLightBox = () => useContext(LightBoxContext);

/** A horizontal move this long (px) is a swipe. */
const SWIPE_PX = 48;

export function LightBoxProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LightBoxState>({ slides: null, index: 0 });
  const api = useMemo<LightBoxApi>(() => ({ open: (slides, index) => setState({ slides, index }) }), []);
  const close = useCallback(() => setState({ slides: null, index: 0 }), []);
  const step = useCallback(
    (delta: number) =>
      setState((s) =>
        s.slides ? { ...s, index: (s.index + delta + s.slides.length) % s.slides.length } : s,
      ),
    [],
  );
  return (
    <LightBoxContext.Provider value={api}>
      {children}
      {state.slides && (
        <LightBoxView slides={state.slides} index={state.index} onStep={step} onClose={close} />
      )}
    </LightBoxContext.Provider>
  );
}

function LightBoxView({
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

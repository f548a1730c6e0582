/**
 * Pan and zoom of the map frame: drag (mouse, pen, one finger), pinch (two fingers), the wheel, a double
 * click and the keyboard (arrows pan; +, − zoom). `move` receives the change as a function of the view.
 */
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useRef,
} from "react";
import {
  type Point,
  panBy,
  type Size,
  type View,
  zoomAround,
  zoomStep,
} from "../../../shared/map/projection";

/** A press that moves less than this is a click, not a drag. */
const DRAG_PX = 5;
/** Wheel pixels to one zoom level (a mouse notch is 100). */
const WHEEL_PX_PER_LEVEL = 250;
const KEY_PAN_PX = 100;

/**
 * Where a pointer is in the map's drawing, in the units of its viewBox (the size the view is drawn at, which
 * `toMap` and the view's functions take). The drawing is scaled to fill the frame: until the frame has been
 * measured (its size comes in a transition after hydration, CatalogueMap.tsx) it is the server's size, and a
 * screen pixel is not one of its units, so a tap or a wheel then still lands on the place it was over.
 */
export function drawingPoint(
  frame: RefObject<HTMLElement | null>,
  e: { clientX: number; clientY: number },
): Point {
  const toScreen = frame.current?.querySelector("svg")?.getScreenCTM();
  if (toScreen) {
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(toScreen.inverse());
    return { x: p.x, y: p.y };
  }
  const r = frame.current?.getBoundingClientRect();
  return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
}

export function useGestures(
  frame: RefObject<HTMLElement | null>,
  size: Size,
  move: (change: (view: View) => View) => void,
) {
  const pointers = useRef(new Map<number, Point>());
  const dragged = useRef(false);
  const start = useRef<Point>({ x: 0, y: 0 });

  const local = (e: { clientX: number; clientY: number }) => drawingPoint(frame, e);

  // React listens to wheel passively; only a listener of our own may keep the page from scrolling.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const dy = e.deltaMode === 1 ? e.deltaY * 40 : e.deltaY;
      const at = drawingPoint(frame, e);
      move((v) => zoomAround(v, size, at, v.zoom - dy / WHEEL_PX_PER_LEVEL));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [frame, size, move]);

  return {
    onPointerDown(e: PointerEvent) {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      const p = local(e);
      if (pointers.current.size === 0) {
        dragged.current = false;
        start.current = p;
      }
      pointers.current.set(e.pointerId, p);
    },
    onPointerMove(e: PointerEvent) {
      const before = pointers.current.get(e.pointerId);
      if (!before) return;
      const p = local(e);
      const others = [...pointers.current].filter(([id]) => id !== e.pointerId).map(([, q]) => q);
      const other = others[0];
      if (others.length === 0) {
        if (!dragged.current && Math.hypot(p.x - start.current.x, p.y - start.current.y) < DRAG_PX) return;
        if (!dragged.current) {
          dragged.current = true;
          frame.current?.setPointerCapture(e.pointerId);
        }
        move((v) => panBy(v, p.x - before.x, p.y - before.y));
      } else if (other && others.length === 1) {
        // Pinch: zoom by the change of the fingers' distance around their midpoint, pan by its move.
        dragged.current = true;
        const ratio =
          Math.hypot(p.x - other.x, p.y - other.y) / Math.hypot(before.x - other.x, before.y - other.y);
        const mid = { x: (p.x + other.x) / 2, y: (p.y + other.y) / 2 };
        const midBefore = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
        if (Number.isFinite(ratio) && ratio > 0) {
          move((v) =>
            zoomAround(
              panBy(v, mid.x - midBefore.x, mid.y - midBefore.y),
              size,
              mid,
              v.zoom + Math.log2(ratio),
            ),
          );
        }
      }
      pointers.current.set(e.pointerId, p);
    },
    onPointerUp(e: PointerEvent) {
      pointers.current.delete(e.pointerId);
    },
    onPointerCancel(e: PointerEvent) {
      pointers.current.delete(e.pointerId);
    },
    /** A drag ends with a click on whatever is under the pointer: it is not one. */
    onClickCapture(e: MouseEvent) {
      if (!dragged.current) return;
      dragged.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
    onDoubleClick(e: MouseEvent) {
      const at = local(e);
      move((v) => zoomStep(v, size, 1, at));
    },
    onKeyDown(e: KeyboardEvent) {
      const pan: Record<string, [number, number]> = {
        ArrowLeft: [KEY_PAN_PX, 0],
        ArrowRight: [-KEY_PAN_PX, 0],
        ArrowUp: [0, KEY_PAN_PX],
        ArrowDown: [0, -KEY_PAN_PX],
      };
      const step = pan[e.key];
      if (step) move((v) => panBy(v, step[0], step[1]));
      else if (e.key === "+" || e.key === "=") move((v) => zoomStep(v, size, 1));
      else if (e.key === "-" || e.key === "_") move((v) => zoomStep(v, size, -1));
      else return;
      e.preventDefault();
    },
  };
}

import { type ComponentProps, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import type { AdDisclaimer } from "../../../shared/schemas/ads";
import { lazyPart } from "../../pages";
import type AdPopup from "./AdPopup";

/** The disclaimer itself (AdPopup.tsx): its own chunk, loaded when the badge first opens. */
const POPUP = lazyPart<ComponentProps<typeof AdPopup>>(() => import("./AdPopup"));

/** Time to move the pointer from the badge over the gap to the popup before a leave closes it. */
const LEAVE_MS = 200;

/**
 * The browser also reports the pointer entering a badge when the page scrolls the badge under a pointer at
 * rest, or when a closed popup uncovers a badge under it: nobody hovered then, and a popup that opened would
 * cover what they aim at next. Such boundary events (mouseout, mouseover: React's enter comes from either) are
 * at the position of the last move and say where the pointer came from; one that comes with a move is
 * somewhere else (the mousemove follows it). Chrome repeats an enter without that (relatedTarget null) when
 * the page shifts under the pointer: React replays only the last enter of a part that has not hydrated yet,
 * and that one must not lose the move that came before it.
 * The native events are marked as they happen, so an enter that React replays once its part has hydrated is
 * judged by its own event. A move over the badge opens it in any case.
 */
const AT_REST = new WeakSet<Event>();
if (typeof window !== "undefined") {
  let x = Number.NaN;
  let y = Number.NaN;
  const options = { capture: true, passive: true };
  const moved = (e: MouseEvent) => {
    x = e.clientX;
    y = e.clientY;
  };
  window.addEventListener("mousemove", moved, options);
  const mark = (e: MouseEvent) => {
    if (e.clientX === x && e.clientY === y && e.relatedTarget) AT_REST.add(e);
  };
  window.addEventListener("mouseout", mark, options);
  window.addEventListener("mouseover", mark, options);
}

/**
 * The «Реклама» label of an ad: a button that opens the disclaimer (who advertises, ИНН, erid, a link to
 * /ad/) on hover, click, tap or Enter; it closes when the pointer leaves, on its close button, on Esc, and
 * when focus or a tap goes elsewhere. The popup is fixed to the viewport where placePopup puts it, and follows
 * the badge on scroll and resize.
 */
export function AdBadge({ disclaimer: d }: { disclaimer: AdDisclaimer }) {
  const [open, setOpen] = useState<"hover" | "click" | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const leave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => () => clearTimeout(leave.current), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a shortcut; the button opens it by keyboard and touch
    <div
      ref={root}
      className={open ? "ad-badge ad-badge--open" : "ad-badge"}
      onMouseEnter={(e) => {
        clearTimeout(leave.current);
        if (!AT_REST.has(e.nativeEvent)) setOpen((o) => o ?? "hover");
      }}
      onMouseMove={() => {
        clearTimeout(leave.current);
        setOpen((o) => o ?? "hover");
      }}
      onMouseLeave={() => {
        leave.current = setTimeout(() => setOpen(null), LEAVE_MS);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(null);
      }}
    >
      <button
        ref={button}
        type="button"
        className="ad-badge__button"
        aria-expanded={open !== null}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => (o === "click" ? null : "click"))}
      >
        Реклама
        <span className="visually-hidden"> — кто рекламодатель</span>
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 7v4.5M8 4.5v.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <POPUP.Component disclaimer={d} id={id} root={root} button={button} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

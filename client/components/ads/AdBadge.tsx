import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { href } from "../../../shared/routes";
import type { AdDisclaimer } from "../../../shared/schemas/ads";
import { AppLink } from "../AppLink";
import { CloseIcon } from "../icons";
import { type Placement, placePopup } from "./placement";

/** Time to move the pointer from the badge over the gap to the popup before a leave closes it. */
const LEAVE_MS = 200;

/**
 * The «Реклама» label of an ad: a button that opens the disclaimer (who advertises, ИНН, erid, a link to
 * /ad/) on hover, click, tap or Enter; it closes when the pointer leaves, on its close button, on Esc, and
 * when focus or a tap goes elsewhere. The popup is fixed to the viewport where placePopup puts it, and follows
 * the badge on scroll and resize.
 */
export function AdBadge({ disclaimer: d }: { disclaimer: AdDisclaimer }) {
  const [open, setOpen] = useState<"hover" | "click" | null>(null);
  const [place, setPlace] = useState<Placement | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const leave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const closeToBadge = () => {
    setOpen(null);
    button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) {
      setPlace(null);
      return;
    }
    const update = () => {
      const anchor = button.current?.getBoundingClientRect();
      const box = popup.current;
      if (!anchor || !box) return;
      const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
      const header = document.querySelector(".header")?.getBoundingClientRect().bottom;
      const size = { width: box.offsetWidth, height: box.offsetHeight };
      setPlace(placePopup(anchor, size, viewport, header));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(null);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  useEffect(() => () => clearTimeout(leave.current), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a shortcut; the button opens it by keyboard and touch
    <div
      ref={root}
      className={open ? "ad-badge ad-badge--open" : "ad-badge"}
      onMouseEnter={() => {
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
        <div
          ref={popup}
          id={id}
          role="dialog"
          aria-labelledby={`${id}-title`}
          className={`ad-popup${place ? ` ad-popup--${place.side}` : ""}`}
          style={place ? { top: place.top, left: place.left } : { visibility: "hidden" }}
        >
          <button
            type="button"
            className="ad-popup__close icon-button"
            aria-label="Закрыть"
            onClick={closeToBadge}
          >
            <CloseIcon width={18} height={18} />
          </button>
          <p className="ad-popup__title" id={`${id}-title`}>
            {d.title}
          </p>
          <p className="ad-popup__text">{d.text}</p>
          <dl className="ad-popup__facts">
            <div>
              <dt>Застройщик</dt>
              <dd>{d.developer}</dd>
            </div>
            <div>
              <dt>Рекламодатель</dt>
              <dd>
                {d.advertiser}, ИНН&nbsp;{d.inn}
              </dd>
            </div>
          </dl>
          <p className="ad-popup__erid">erid: {d.erid}</p>
          <AppLink to={href("ad")} className="ad-popup__more">
            Подробнее о рекламе на сайте
          </AppLink>
        </div>
      )}
    </div>
  );
}

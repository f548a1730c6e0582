/**
 * The «Реклама» disclaimer of an ad (AdBadge.tsx opens it and loads this chunk then): who advertises, ИНН,
 * erid and a link to /ad/. It is fixed to the viewport where placePopup puts it and follows the badge on scroll
 * and resize; Esc gives the focus back to the badge, a tap elsewhere closes it.
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { href } from "../../../shared/routes";
import type { AdDisclaimer } from "../../../shared/schemas/ads";
import { AppLink } from "../AppLink";
import { CloseIcon } from "../icons";
import { type Placement, placePopup } from "./placement";

export default function AdPopup({
  disclaimer: d,
  id,
  root,
  button,
  onClose,
}: {
  disclaimer: AdDisclaimer;
  id: string;
  /** The badge with its popup: a tap inside keeps it open. */
  root: RefObject<HTMLDivElement | null>;
  /** The badge's button: the popup goes beside it, and the focus back to it. */
  button: RefObject<HTMLButtonElement | null>;
  /** Stable: the listeners are added once. */
  onClose(): void;
}) {
  const [place, setPlace] = useState<Placement | null>(null);
  const popup = useRef<HTMLDivElement>(null);
  const toBadge = () => {
    onClose();
    button.current?.focus();
  };

  useLayoutEffect(() => {
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
  }, [button]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      onClose();
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [root, button, onClose]);

  return (
    <div
      ref={popup}
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className={`ad-popup${place ? ` ad-popup--${place.side}` : ""}`}
      style={place ? { top: place.top, left: place.left } : { visibility: "hidden" }}
    >
      <button type="button" className="ad-popup__close icon-button" aria-label="Закрыть" onClick={toBadge}>
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
  );
}

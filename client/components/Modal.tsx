import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons";
import "./Modal.css";

/** SPEC §4: opens → entering → entered → leaving → closed. */
export type ModalState = "opens" | "entering" | "entered" | "leaving" | "closed";

const TRANSITION_MS = 200;

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  closeOnEsc?: boolean;
  closeOnOutsideClick?: boolean;
  onStateChange?(state: ModalState): void;
}

export function Modal({
  open,
  onClose,
  title,
  children,
  closeOnEsc = true,
  closeOnOutsideClick = true,
  onStateChange,
}: ModalProps) {
  const [state, setState] = useState<ModalState>("closed");
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      setState("opens");
      const raf = requestAnimationFrame(() => setState("entering"));
      const t = setTimeout(() => setState("entered"), TRANSITION_MS);
      return () => {
        cancelAnimationFrame(raf);
        clearTimeout(t);
      };
    }
    setState((s) => (s === "closed" ? s : "leaving"));
    const t = setTimeout(() => {
      setState("closed");
      returnFocus.current?.focus();
    }, TRANSITION_MS);
    return () => clearTimeout(t);
  }, [open]);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);

  // The latest onClose, so a parent passing a new function each render (they all do) neither re-runs the
  // effect below nor pulls the focus back to the dialog while the visitor types in it.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && closeOnEsc) close.current();
      if (e.key === "Tab" && dialog.current) {
        const items = dialog.current.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        );
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        // On opening the focus is on the dialog itself: Shift+Tab from there goes to the last item too.
        if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    document.documentElement.classList.add("no-scroll");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.documentElement.classList.remove("no-scroll");
    };
  }, [open, closeOnEsc]);

  if (state === "closed" && !open) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes; Esc does it by keyboard
    <div
      className={`modal modal--${state}`}
      data-state={state}
      onMouseDown={(e) => {
        if (closeOnOutsideClick && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Закрыть" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

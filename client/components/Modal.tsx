import { type ReactNode, useEffect, useId, useState } from "react";
import { Dialog } from "./Dialog";
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
  const titleId = useId();

  useEffect(() => {
    if (open) {
      setState("opens");
      const raf = requestAnimationFrame(() => setState("entering"));
      const t = setTimeout(() => setState("entered"), TRANSITION_MS);
      return () => {
        cancelAnimationFrame(raf);
        clearTimeout(t);
      };
    }
    setState((s) => (s === "closed" ? s : "leaving"));
    const t = setTimeout(() => setState("closed"), TRANSITION_MS);
    return () => clearTimeout(t);
  }, [open]);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);

  if (state === "closed" && !open) return null;
  return (
    <Dialog
      className={`modal modal--${state}`}
      data-state={state}
      aria-labelledby={titleId}
      onClose={onClose}
      closeOnEsc={closeOnEsc}
      closeOnOutsideClick={closeOnOutsideClick}
    >
      <div className="modal__dialog">
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
    </Dialog>
  );
}

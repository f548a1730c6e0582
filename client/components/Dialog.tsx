/**
 * The one modal primitive: a native <dialog> opened with showModal(), so the browser puts it in the top layer,
 * makes the rest of the page inert and reports Esc (its `cancel` event). Rendered = open: it opens on mount and
 * closes on unmount, giving the focus back to what had it. One thing the browser leaves out: Tab past the last
 * control goes to the browser's own interface, so Tab and Shift+Tab wrap around here.
 */
import { type ComponentProps, type KeyboardEvent, useLayoutEffect, useRef } from "react";
import "./Dialog.css";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface DialogProps extends Omit<ComponentProps<"dialog">, "open" | "onCancel" | "onClose"> {
  onClose(): void;
  closeOnEsc?: boolean;
  /** A press on the <dialog> itself (it fills the screen), outside the box it holds, closes it. */
  closeOnOutsideClick?: boolean;
}

export function Dialog({
  onClose,
  closeOnEsc = true,
  closeOnOutsideClick = true,
  onKeyDown,
  className,
  children,
  ...props
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, so a parent passing a new function each render does not reopen the dialog.
  const close = useRef(onClose);
  close.current = onClose;

  // Before the first paint, so the closed <dialog> is never seen in the page's flow.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    document.documentElement.classList.add("no-scroll");
    return () => {
      dialog.close();
      document.documentElement.classList.remove("no-scroll");
      opener?.focus();
    };
  }, []);

  const wrapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    onKeyDown?.(e);
    if (e.key !== "Tab" || e.defaultPrevented) return;
    const items = e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === e.currentTarget)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && at === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      {...props}
      className={className ? `dialog ${className}` : "dialog"}
      onCancel={(e) => {
        e.preventDefault();
        if (closeOnEsc) close.current();
      }}
      onMouseDown={(e) => {
        if (closeOnOutsideClick && e.target === e.currentTarget) close.current();
      }}
      onKeyDown={wrapTab}
    >
      {children}
    </dialog>
  );
}

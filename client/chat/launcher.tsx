/**
 * The chat's launcher «Чат с консультантом», shared by the slot's stand-in (in the first load) and the widget:
 * the same button before and after the widget's code has come. Its icon is the CSS's (chat.css).
 */
import type { ReactNode, Ref } from "react";

/** This browser has a conversation (the cookie itself is HttpOnly): its chat loads at once, for the replies. */
export const STARTED_KEY = "chat-started";

export function Launcher({
  onClick,
  onReach,
  label,
  badge,
  buttonRef,
  busy,
}: {
  onClick(): void;
  /** The pointer or focus comes to it: a click may follow. */
  onReach?: () => void;
  label?: string;
  badge?: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
  /** Clicked, and the chat's code is still coming. */
  busy?: boolean;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="chat-launcher"
      onClick={onClick}
      onPointerEnter={onReach}
      onTouchStart={onReach}
      onFocus={onReach}
      aria-label={label}
      aria-busy={busy}
    >
      <span>Чат с консультантом</span>
      {badge}
    </button>
  );
}

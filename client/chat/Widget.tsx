/**
 * The visitor's chat: a launcher «Чат с консультантом» and a panel (a full-screen sheet on phones).
 * Loaded by ChatSlot in its own chunk (when the visitor reaches for the launcher, or at once for a conversation
 * this browser has); its CSS comes with ChatSlot.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import type { PageContext } from "../../shared/chat/protocol";
import { plural } from "../../shared/format";
import { CloseIcon } from "../components/icons";
import { Composer } from "./Composer";
import { Launcher } from "./launcher";
import { MessageList } from "./MessageList";
import { statusText } from "./status";
import { visitorChat } from "./visitor";

/** The launcher's stand-in was pressed before this chunk came: the panel opens as the widget first renders. */
export const openChat = () => visitorChat().open();

export function Widget({ page }: { page: PageContext }) {
  const chat = visitorChat();
  const panel = useSyncExternalStore(chat.subscribe, chat.getSnapshot);
  const thread = useSyncExternalStore(chat.thread.subscribe, chat.thread.getSnapshot);
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const opened = useRef(panel.open);
  const titleId = useId();

  useEffect(() => {
    chat.page = { path: page.path, complex: page.complex };
  }, [chat, page.path, page.complex]);

  // Focus goes into the panel when it opens and back to the launcher when it closes.
  useEffect(() => {
    if (panel.open) input.current?.focus();
    else if (opened.current) launcher.current?.focus();
    opened.current = panel.open;
  }, [panel.open]);

  if (!panel.open) {
    const unread = thread.messages.filter((m) => m.author === "operator" && m.seq > panel.readSeq).length;
    return (
      <Launcher
        buttonRef={launcher}
        onClick={chat.open}
        label={
          unread > 0
            ? `Чат с консультантом, ${unread} ${plural(unread, ["новое сообщение", "новых сообщения", "новых сообщений"])}`
            : undefined
        }
        badge={
          unread > 0 && (
            <span className="chat-badge" aria-hidden="true">
              {unread}
            </span>
          )
        }
      />
    );
  }

  return (
    <section
      className="chat-panel"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === "Escape") chat.close();
      }}
    >
      <header className="chat-panel__head">
        <div>
          <h2 id={titleId} className="chat-panel__title">
            Консультант
          </h2>
          <p className="chat-panel__status" data-status={thread.status}>
            {statusText(thread.status)}
          </p>
        </div>
        <button type="button" className="icon-button" aria-label="Свернуть чат" onClick={chat.close}>
          <CloseIcon />
        </button>
      </header>
      <MessageList
        messages={thread.messages}
        pending={thread.pending}
        self="visitor"
        otherName="Консультант"
        empty={
          <p>
            Здравствуйте! Спросите о ЖК, квартирах, ипотеке или сроках сдачи — консультант ответит здесь же.
          </p>
        }
      />
      {thread.notice && (
        <p className="chat-notice" role="alert">
          {thread.notice}
        </p>
      )}
      <Composer draft={thread.draft} onDraft={chat.thread.setDraft} onSubmit={chat.send} inputRef={input} />
    </section>
  );
}

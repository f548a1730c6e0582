/**
 * The visitor's chat: a launcher «Чат с консультантом» and a panel (a full-screen sheet on phones).
 * Loaded by ChatSlot in its own chunk after the page is idle; its CSS comes with ChatSlot.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import type { PageContext } from "../../shared/chat/protocol";
import { plural } from "../../shared/format";
import { CloseIcon } from "../components/icons";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { statusText } from "./status";
import { visitorChat } from "./visitor";

function ChatIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M8 8.5h8M8 11.5h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

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
      <button
        ref={launcher}
        type="button"
        className="chat-launcher"
        onClick={chat.open}
        aria-label={
          unread > 0
            ? `Чат с консультантом, ${unread} ${plural(unread, ["новое сообщение", "новых сообщения", "новых сообщений"])}`
            : undefined
        }
      >
        <ChatIcon />
        <span>Чат с консультантом</span>
        {unread > 0 && (
          <span className="chat-badge" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
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

import { Fragment, type ReactNode, useLayoutEffect, useRef } from "react";
import type { Author, ChatMessage } from "../../shared/chat/protocol";
import { formatDate, formatTime } from "../../shared/format";
import type { PendingMessage } from "./thread";

interface MessageListProps {
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Who reads this list: their messages are on the right. */
  self: Author;
  /** The other side's name above their messages. */
  otherName: string;
  empty: ReactNode;
}

/** The conversation, oldest first, with a date line where the day changes; keeps the newest in view. */
export function MessageList({ messages, pending, self, otherName, empty }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const items = [
    ...messages.map((m) => ({ ...m, sending: false })),
    ...pending.map((p) => ({ ...p, author: self, sending: true })),
  ];
  useLayoutEffect(() => {
    if (items.length && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [items.length]);

  let day = "";
  let previous: Author | null = null;
  return (
    <div ref={box} className="chat-log" role="log" aria-label="Сообщения">
      {items.length === 0 ? (
        <div className="chat-log__empty">{empty}</div>
      ) : (
        <ol className="chat-log__list">
          {items.map((m) => {
            const date = formatDate(m.at);
            const newDay = date !== day;
            const mine = m.author === self;
            const named = !mine && (newDay || previous !== m.author);
            day = date;
            previous = m.author;
            return (
              <Fragment key={m.id}>
                {newDay && <li className="chat-log__day">{date}</li>}
                <li className={mine ? "chat-msg chat-msg--mine" : "chat-msg"}>
                  {named && <span className="chat-msg__author">{otherName}</span>}
                  <span className="visually-hidden">{mine ? "Вы: " : named ? "" : `${otherName}: `}</span>
                  <p className="chat-msg__text">{m.text}</p>
                  <span className="chat-msg__meta">
                    <time dateTime={new Date(m.at).toISOString()}>{formatTime(m.at)}</time>
                    {m.sending && " · отправляется…"}
                  </span>
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}

import { type Ref, useId } from "react";
import { CHAT_LIMITS } from "../../shared/chat/protocol";
import { formatNumber, plural } from "../../shared/format";

interface ComposerProps {
  draft: string;
  onDraft(text: string): void;
  onSubmit(): void;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** Shown when this many characters or fewer are left. */
const COUNT_FROM = 200;

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer({ draft, onDraft, onSubmit, inputRef }: ComposerProps) {
  const id = useId();
  const left = CHAT_LIMITS.messageLength - draft.length;
  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Сообщение
      </label>
      <textarea
        id={id}
        ref={inputRef}
        className="chat-composer__input"
        rows={2}
        maxLength={CHAT_LIMITS.messageLength}
        placeholder="Напишите сообщение…"
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
      <button type="submit" className="button chat-composer__send" disabled={!draft.trim()}>
        Отправить
      </button>
      {left <= COUNT_FROM && (
        <p className="chat-composer__left" aria-live="polite">
          {plural(left, ["Остался", "Осталось", "Осталось"])} {formatNumber(left)}
          {"\u00a0"}
          {plural(left, ["символ", "символа", "символов"])}
        </p>
      )}
    </form>
  );
}

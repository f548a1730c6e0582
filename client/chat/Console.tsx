/**
 * The consultant's console at /operator/. The token is entered once and exchanged for an HttpOnly,
 * SameSite=Strict cookie that lasts 12 hours, so no script ever holds it. One socket brings the list of
 * conversations (the directory), another the open conversation; both come back after a drop, and a
 * session that has ended brings the sign-in form back.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ConversationSummary } from "../../shared/chat/protocol";
import { formatDate, formatTime, plural } from "../../shared/format";
import { Composer } from "./Composer";
import { withSummary } from "./list";
import { MessageList } from "./MessageList";
import { ReconnectingSocket, type SocketStatus } from "./socket";
import { statusText } from "./status";
import { ChatThread } from "./thread";
import "./console.css";

const SESSION_URL = "/api/v1/chat/operator/session";
const OFFLINE = "Нет связи с сервером. Проверьте соединение и попробуйте ещё раз.";

interface Answer {
  status: number;
  error: string | null;
  signedIn: boolean;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers } });
  const body = (await res.json().catch(() => null)) as Partial<Answer> | null;
  return { status: res.status, error: body?.error ?? null, signedIn: body?.signedIn === true };
}

/** Before each connection: is the session still on? If it has ended, the console signs out. */
function sessionCheck(onSignedOut: (message: string) => void) {
  return async (): Promise<true | string> => {
    const { status, error, signedIn } = await call(SESSION_URL);
    if (status >= 500 && status !== 503) throw new Error(`operator session: ${status}`);
    if (signedIn) return true;
    const message = error ?? "Сессия закончилась. Войдите снова.";
    if (status === 200) onSignedOut(message);
    return message;
  };
}

/** «Посетитель 3F9A2C»: the start of the visitor's id, enough to tell conversations apart. */
const visitorName = (id: string) => `Посетитель ${id.slice(0, 6).toUpperCase()}`;

/** Today's time, or the date of an older day. */
function when(at: number): string {
  return formatDate(at) === formatDate(Date.now()) ? formatTime(at) : formatDate(at);
}

const unreadWords = (n: number) =>
  plural(n, ["непрочитанное сообщение", "непрочитанных сообщения", "непрочитанных сообщений"]);

type Auth = { state: "checking" } | { state: "out"; message: string | null } | { state: "in" };

export function Console() {
  const [auth, setAuth] = useState<Auth>({ state: "checking" });
  const signOut = useCallback((message: string | null) => setAuth({ state: "out", message }), []);
  useEffect(() => {
    call(SESSION_URL).then(
      ({ signedIn, error }) => setAuth(signedIn ? { state: "in" } : { state: "out", message: error }),
      () => setAuth({ state: "out", message: OFFLINE }),
    );
  }, []);

  if (auth.state === "checking") {
    return (
      <p className="console-note" role="status">
        Проверяем доступ…
      </p>
    );
  }
  if (auth.state === "out")
    return <Login message={auth.message} onSignedIn={() => setAuth({ state: "in" })} />;
  return <Desk onSignedOut={signOut} />;
}

function Login({ message, onSignedIn }: { message: string | null; onSignedIn(): void }) {
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(message);
  return (
    <form
      className="console-login"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const res = await call(SESSION_URL, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ token }),
        }).catch((): Answer => ({ status: 0, error: OFFLINE, signedIn: false }));
        setBusy(false);
        if (res.status === 200) onSignedIn();
        else setError(res.error ?? "Не удалось войти. Попробуйте ещё раз.");
      }}
    >
      <h1>Вход для консультанта</h1>
      <p>Введите ключ доступа. Вход действует в этом браузере 12 часов.</p>
      <label className="console-login__field">
        Ключ доступа
        <input
          className="form-input"
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
        />
      </label>
      {error && (
        <p className="console-login__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy || !token}>
        Войти
      </button>
    </form>
  );
}

function Desk({ onSignedOut }: { onSignedOut(message: string | null): void }) {
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useEffect(() => {
    const socket = new ReconnectingSocket({
      url: () => "/chat/operator/ws/",
      prepare: sessionCheck(onSignedOut),
      onFrame: (frame) => {
        if (frame.type === "conversations") setConversations(frame.conversations);
        else if (frame.type === "conversation")
          setConversations((list) => withSummary(list, frame.conversation));
      },
      onStatus: setStatus,
    });
    return () => socket.stop();
  }, [onSignedOut]);

  const selected = conversations.find((c) => c.id === selectedId);
  return (
    <div className="console">
      <div className="console__bar">
        <h1 className="console__title">Консоль консультанта</h1>
        <span className="console__status" data-status={status}>
          {statusText(status)}
        </span>
        <button
          type="button"
          className="button button--ghost"
          onClick={async () => {
            await call(SESSION_URL, { method: "DELETE" }).catch(() => null);
            onSignedOut(null);
          }}
        >
          Выйти
        </button>
      </div>
      <div className="console__panes" data-view={selected ? "thread" : "list"}>
        <nav className="console__list" aria-label="Диалоги">
          <h2 className="console__list-title">Диалоги</h2>
          {conversations.length === 0 ? (
            <p className="console-note">
              Пока нет диалогов. Новые появятся здесь, как только посетитель напишет.
            </p>
          ) : (
            <ul className="console__items">
              {conversations.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="console__item"
                    aria-current={c.id === selectedId ? "true" : undefined}
                    onClick={() => setSelectedId(c.id)}
                  >
                    <span className="console__who">{visitorName(c.id)}</span>
                    <span className="console__when">{when(c.lastAt)}</span>
                    <span className="console__page">{c.page.path}</span>
                    <span className="console__preview">
                      {c.lastAuthor === "operator" && "Вы: "}
                      {c.lastText}
                    </span>
                    {c.unread > 0 && (
                      <span className="chat-badge console__unread">
                        {c.unread}
                        <span className="visually-hidden"> {unreadWords(c.unread)}</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section className="console__thread" aria-label={selected ? visitorName(selected.id) : "Диалог"}>
          {selected ? (
            <Conversation
              key={selected.id}
              summary={selected}
              onBack={() => setSelectedId(null)}
              onSignedOut={onSignedOut}
            />
          ) : (
            <p className="console-note console__placeholder">Выберите диалог в списке.</p>
          )}
        </section>
      </div>
    </div>
  );
}

interface ConversationProps {
  summary: ConversationSummary;
  onBack(): void;
  onSignedOut(message: string): void;
}

function Conversation({ summary, onBack, onSignedOut }: ConversationProps) {
  const thread = useMemo(
    () =>
      new ChatThread({
        path: `/chat/operator/ws/${summary.id}/`,
        prepare: sessionCheck(onSignedOut),
        self: "operator",
      }),
    [summary.id, onSignedOut],
  );
  useEffect(() => {
    thread.start();
    return () => thread.stop();
  }, [thread]);
  const t = useSyncExternalStore(thread.subscribe, thread.getSnapshot);

  // What is on the screen is read: the visitor's new messages stop counting as unread.
  useEffect(() => {
    if (t.status === "open" && summary.unread > 0 && t.lastSeq > 0) thread.markRead();
  }, [thread, t.status, t.lastSeq, summary.unread]);

  const { path, complex } = summary.page;
  return (
    <>
      <header className="console__head">
        <button type="button" className="link-button console__back" onClick={onBack}>
          ← Все диалоги
        </button>
        <h2 className="console__head-title">{visitorName(summary.id)}</h2>
        <p className="console__context">
          Начат {formatDate(summary.startedAt)}. Страница:{" "}
          <a href={path} target="_blank" rel="noopener">
            {path}
          </a>
          {complex && (
            <>
              {" "}
              · ЖК:{" "}
              <a href={`/novostroyki/${complex}/`} target="_blank" rel="noopener">
                {complex}
              </a>
            </>
          )}
        </p>
      </header>
      <MessageList
        messages={t.messages}
        pending={t.pending}
        self="operator"
        otherName="Посетитель"
        empty={<p>Сообщений пока нет.</p>}
      />
      {t.notice && (
        <p className="chat-notice" role="alert">
          {t.notice}
        </p>
      )}
      <Composer draft={t.draft} onDraft={thread.setDraft} onSubmit={thread.submit} />
    </>
  );
}

/**
 * «Сохранить поиск» on a catalogue list, «Следить за ценой» on an apartment, «Следить за ЖК» on a complex: a link to the subscription form
 * without JavaScript (/podpiski/novaya/), which with JavaScript opens the same form in a dialog and sends it to
 * the API. The answer asks the buyer to open the confirmation letter (double opt-in).
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import {
  ALERTS_CONSENT,
  ALERTS_PATH,
  FREQUENCIES,
  type FrequencyId,
  NEW_SINCE_CAP,
  type NewSinceAnswer,
  type SubscribeResult,
} from "../../../shared/alerts";
import type { RouteMatch } from "../../../shared/routes";
import { ApiError, apiUrl } from "../../http";
import { FieldError, postJson } from "../forms";
import { Modal } from "../Modal";
import "./alerts.css";

export type Follow = { kind: "search"; url: string } | { kind: "apartment" | "complex"; id: number };

/** A list page's own address as a saved search (the worker reads its filter: worker/alerts/saved-search.ts). */
export const searchOf = (match: RouteMatch): Follow => ({
  kind: "search",
  url: `${match.pathname}${match.search.size ? `?${match.search}` : ""}`,
});

const formPath = (f: Follow) =>
  `${ALERTS_PATH}novaya/?${f.kind === "search" ? `url=${encodeURIComponent(f.url)}` : `${f.kind === "apartment" ? "kvartira" : "zhk"}=${f.id}`}`;

export function FollowButton({ follow, label }: { follow: Follow; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        className="button button--ghost follow-button"
        href={formPath(follow)}
        rel="nofollow"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      {follow.kind === "search" && <NewSinceVisit url={follow.url} />}
      <Modal open={open} onClose={() => setOpen(false)} title={label}>
        <FollowForm follow={follow} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

/**
 * This browser's saved searches (localStorage): each list page's address with the newest change it has seen,
 * so a returning visitor is told what is new without giving an address.
 */
const SAVED_KEY = "novostroyki:saved-searches";
type Seen = Record<string, number>;

function readSaved(): Seen {
  try {
    const value = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Seen) : {};
  } catch {
    return {};
  }
}

function writeSeen(url: string, last: number) {
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify({ ...readSaved(), [url]: last }));
  } catch {
    // Storage full or refused (private mode): the notice is only not shown next time.
  }
}

/** The new changes of a saved search after `after` (none without it) and the newest change's id. */
async function askNew(url: string, after?: number): Promise<NewSinceAnswer | null> {
  const query = new URLSearchParams({ url });
  if (after !== undefined) query.set("after", String(after));
  const res = await fetch(apiUrl(`/api/v1/alerts/new?${query}`), { headers: { Accept: "application/json" } });
  return res.ok ? ((await res.json()) as NewSinceAnswer) : null;
}

async function rememberSearch(url: string) {
  const answer = await askNew(url).catch(() => null);
  if (answer) writeSeen(url, answer.last);
}

/** «Новое с вашего прошлого визита: N» on a list this browser saved; the visit then counts as seen. */
function NewSinceVisit({ url }: { url: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    const after = readSaved()[url];
    if (typeof after !== "number") return;
    let live = true;
    askNew(url, after)
      .then((answer) => {
        if (!answer || !live) return;
        setCount(answer.count);
        writeSeen(url, answer.last);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  if (count === 0) return null;
  return (
    <span className="follow-new" role="status">
      Новое с вашего прошлого визита: {count >= NEW_SINCE_CAP ? `${NEW_SINCE_CAP}+` : count}
    </span>
  );
}

function FollowForm({ follow, onDone }: { follow: Follow; onDone(): void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [frequency, setFrequency] = useState<FrequencyId>("instant");
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!consent) {
      setError("Подтвердите согласие на обработку адреса");
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      const res = await postJson<SubscribeResult>("/api/v1/alerts/subscriptions", {
        email,
        consent: true,
        follow,
        name: name.trim() || undefined,
        frequency,
      });
      if (follow.kind === "search") void rememberSearch(follow.url);
      setDone(res.message);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.message.replace(/^[\w.]+: /, "")
          : "Нет связи с сервером. Попробуйте ещё раз.",
      );
    } finally {
      setSending(false);
    }
  };

  if (done)
    return (
      <div className="follow-done" role="status">
        <p>{done}</p>
        <button type="button" className="button" onClick={onDone}>
          Понятно
        </button>
      </div>
    );

  return (
    <form className="follow-form" method="post" action={ALERTS_PATH} noValidate onSubmit={submit}>
      <label className="form-label" htmlFor={`${id}-email`}>
        Электронная почта
      </label>
      <input
        id={`${id}-email`}
        className="form-input"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {follow.kind === "search" && (
        <>
          <label className="form-label" htmlFor={`${id}-name`}>
            Название поиска
          </label>
          <input
            id={`${id}-name`}
            className="form-input"
            type="text"
            name="name"
            maxLength={120}
            placeholder="Например, «2-комн. до 15 млн у метро»"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </>
      )}
      <label className="form-label" htmlFor={`${id}-frequency`}>
        Как часто присылать письма
      </label>
      <select
        id={`${id}-frequency`}
        className="form-input"
        name="frequency"
        value={frequency}
        onChange={(e) => setFrequency(e.target.value as FrequencyId)}
      >
        {Object.entries(FREQUENCIES).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <label className="form-consent">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>{ALERTS_CONSENT.text}</span>
      </label>
      <FieldError id={id} message={error} />
      <button type="submit" className="button follow-form__submit" disabled={sending}>
        {sending ? "Отправляем…" : "Подписаться"}
      </button>
      <p className="follow-form__note">
        Пришлём письмо со ссылкой: подписка заработает, когда вы её откроете. Отписаться — в один клик из
        любого письма.
      </p>
    </form>
  );
}

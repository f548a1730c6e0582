/** The dialog of «Сохранить поиск», «Следить за ценой» and «Следить за ЖК» (FollowButton): the subscription form. */
import { type FormEvent, useId, useState } from "react";
import { ALERTS_CONSENT, FREQUENCIES, type FrequencyId, type SubscribeResult } from "../../../shared/alerts";
import { ALERTS_PATH } from "../../../shared/routes";
import { ApiError } from "../../http";
import { FieldError, postJson } from "../forms";
import { Modal } from "../Modal";
import type { Follow } from "./FollowButton";
import { rememberSearch } from "./saved-searches";

export interface FollowDialogProps {
  follow: Follow;
  label: string;
  open: boolean;
  onClose(): void;
}

export default function FollowDialog({ follow, label, open, onClose }: FollowDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={label}>
      <FollowForm follow={follow} onDone={onClose} />
    </Modal>
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

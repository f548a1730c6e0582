/**
 * The request to the seller: what the buyer wants, name, phone (formatted as typed), when to call, and the
 * consent to the processing of personal data. Without JavaScript it is a plain POST to the request page
 * (worker/leads/form.ts answers with the page again); with it, the form posts JSON without a reload and keeps
 * what is typed on this device until the request is sent.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { apiKeys } from "../../../shared/api-keys";
import {
  CALL_TIME_IDS,
  CALL_TIMES,
  formatPhone,
  LEAD_KIND_IDS,
  LEAD_KINDS,
  type LeadTarget,
  leadQuery,
} from "../../../shared/leads";
import { href } from "../../../shared/routes";
import type { LeadFormState, LeadFormValues, LeadSubmitResult } from "../../../shared/schemas/leads";
import { normalizePhone } from "../../../shared/schemas/quizzes";
import { ApiError } from "../../http";
import { ContactFields, contactErrors, describedBy, FieldError, postJson, splitFieldMessage } from "../forms";
import { clearLeadDraft, type LeadDraft, loadLeadDraft, saveLeadDraft } from "./draft";
import "./lead.css";

type Errors = NonNullable<LeadFormState["errors"]>;
type Field = keyof LeadFormValues;
const FIELDS: readonly Field[] = ["kind", "name", "phone", "call_time", "consent"];
const NETWORK_ERROR =
  "Не удалось отправить заявку: нет связи с сервером. Всё, что вы ввели, сохранено на этом устройстве — попробуйте ещё раз.";

interface Done {
  id: number;
  name: string;
  phone: string;
  callTime: LeadFormValues["call_time"];
}

function draftOf(target: LeadTarget, initial?: LeadFormState): LeadDraft {
  return {
    kind: target.kind,
    name: "",
    phone: "",
    call_time: "any",
    consent: false,
    ...initial?.values,
    key: initial?.key ?? crypto.randomUUID(),
  };
}

export interface LeadFormProps {
  target: LeadTarget;
  /** The request page's form from the server: key, and after a POST the values, messages or result. */
  initial?: LeadFormState;
  /** In the dialog: closes it after the request is sent. On the page: where «Вернуться» leads. */
  onClose?(): void;
  backTo?: string;
}

export function LeadForm({ target, initial, onClose, backTo }: LeadFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<LeadDraft>(() => draftOf(target, initial));
  const [errors, setErrors] = useState<Errors>(initial?.errors ?? {});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Done | null>(() =>
    initial?.result && initial.values
      ? {
          id: initial.result.id,
          name: initial.values.name.trim(),
          phone: normalizePhone(initial.values.phone) ?? initial.values.phone,
          callTime: initial.values.call_time,
        }
      : null,
  );
  const doneHeading = useRef<HTMLHeadingElement>(null);

  // A request typed earlier and not sent comes back (after hydration, so the server's HTML matches).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the target the form opened with
  useEffect(() => {
    if (initial?.values || initial?.result) return;
    const saved = loadLeadDraft(target);
    if (saved) setDraft({ ...saved, kind: target.kind });
  }, []);

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  const change = (field: Field, patch: Partial<LeadDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    saveLeadDraft(target, next);
    if (errors[field] || errors.form) setErrors({ ...errors, [field]: undefined, form: undefined });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = contactErrors(draft);
    if (found) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const res = await postJson<LeadSubmitResult>(apiKeys.leads(), {
        idempotency_key: draft.key,
        kind: draft.kind,
        complex_id: target.complex,
        living_object_id: target.apartment,
        name: draft.name,
        phone: draft.phone,
        call_time: draft.call_time,
        consent: true,
      });
      clearLeadDraft(target);
      setDone({
        id: res.id,
        name: draft.name.trim(),
        phone: normalizePhone(draft.phone) ?? draft.phone,
        callTime: draft.call_time,
      });
    } catch (err) {
      if (!(err instanceof ApiError)) setErrors({ form: NETWORK_ERROR });
      else {
        const { path, text } = splitFieldMessage(err.message);
        const field = FIELDS.find((f) => f === path);
        setErrors(err.status === 400 && field ? { [field]: text } : { form: text });
      }
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <div className="lead-done" role="status">
        <h2 className="lead-done__title" tabIndex={-1} ref={doneHeading}>
          Спасибо, {done.name}! Заявка принята
        </h2>
        <p>
          Номер заявки — {done.id}. Отдел продаж позвонит на {formatPhone(done.phone)},{" "}
          {CALL_TIMES[done.callTime].toLowerCase()} по московскому времени.
        </p>
        {onClose ? (
          <button type="button" className="button" onClick={onClose}>
            Готово
          </button>
        ) : (
          backTo && (
            <a className="button" href={backTo}>
              Вернуться к объекту
            </a>
          )
        )}
      </div>
    );
  }

  const fieldId = (field: Field) => `${id}-${field}`;
  const described = (field: Field) => describedBy(fieldId(field), errors[field]);
  const message = (field: Field) => <FieldError id={fieldId(field)} message={errors[field]} />;

  return (
    <form
      className="lead-form"
      method="post"
      action={href("lead", {}, leadQuery(target))}
      noValidate
      onSubmit={submit}
    >
      <input type="hidden" name="idempotency_key" value={draft.key} />
      {/* The request page's URL names the apartment only; its complex goes with the form. */}
      <input type="hidden" name="complex_id" value={target.complex} />
      <fieldset className="lead-form__kinds" {...described("kind")}>
        <legend>Что вас интересует</legend>
        {LEAD_KIND_IDS.map((k) => (
          <label key={k} className="lead-form__kind">
            <input
              type="radio"
              name="kind"
              value={k}
              checked={draft.kind === k}
              onChange={() => change("kind", { kind: k })}
            />
            <span>{LEAD_KINDS[k]}</span>
          </label>
        ))}
      </fieldset>
      {message("kind")}

      <ContactFields id={id} value={draft} errors={errors} onChange={change}>
        <label className="form-label" htmlFor={fieldId("call_time")}>
          Когда позвонить
        </label>
        <select
          id={fieldId("call_time")}
          className="form-input"
          name="call_time"
          value={draft.call_time}
          onChange={(e) => {
            const value = CALL_TIME_IDS.find((t) => t === e.target.value);
            if (value) change("call_time", { call_time: value });
          }}
          {...described("call_time")}
        >
          {CALL_TIME_IDS.map((t) => (
            <option key={t} value={t}>
              {CALL_TIMES[t]}
            </option>
          ))}
        </select>
        {message("call_time")}
      </ContactFields>

      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button lead-form__submit" disabled={sending}>
        {sending ? "Отправляем…" : "Отправить заявку"}
      </button>
      <p className="lead-form__note">
        Заявку получит отдел продаж застройщика и перезвонит в выбранное время. Номер не используем для
        рассылок.
      </p>
    </form>
  );
}

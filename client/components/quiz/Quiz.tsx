import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { apiKeys } from "../../../shared/api-keys";
import { COMPANY } from "../../../shared/company-info";
import { formatPhone } from "../../../shared/leads";
import type { QuizStep } from "../../../shared/quiz";
import {
  normalizePhone,
  type Quiz,
  type QuizAnswers,
  QuizAnswersSchema,
  type QuizSubmitResult,
} from "../../../shared/schemas/quizzes";
import { useOnline } from "../../hooks/use-online";
import { ApiError } from "../../http";
import { ContactFields, contactErrors, postJson, splitFieldMessage } from "../forms";
import { clearDraft, loadDraft, newDraft, type QuizDraft, saveDraft } from "./draft";
import { QuizMatches } from "./QuizMatches";

type Status =
  | { kind: "editing" }
  | { kind: "sending" }
  | { kind: "failed"; message: string }
  | { kind: "done"; id: number; answers: QuizAnswers; name: string; phone: string };

type ContactField = "name" | "phone" | "consent";
type Errors = Partial<Record<ContactField | "step", string>>;

const CONTACT_FIELDS: readonly ContactField[] = ["name", "phone", "consent"];
const NETWORK_ERROR = "Не удалось отправить заявку: нет связи с сервером.";

/** What a failed send means: a step's answer to correct, a contact field's error, or a message. */
function failureOf(
  e: unknown,
  steps: readonly QuizStep[],
): { step?: number; field?: ContactField; message: string } {
  if (!(e instanceof ApiError)) return { message: NETWORK_ERROR };
  const { path, text } = splitFieldMessage(e.message);
  const answerStep = path.startsWith("answers.") ? steps.findIndex((s) => `answers.${s.id}` === path) : -1;
  if (e.status === 400 && answerStep >= 0) return { step: answerStep, message: text };
  const field = CONTACT_FIELDS.find((f) => f === path);
  if (e.status === 400 && field) return { field, message: text };
  return { message: text };
}

function stepError(step: QuizStep, answers: QuizDraft["answers"]): string | undefined {
  const a = answers[step.id];
  if (step.type === "single") return typeof a === "string" && a ? undefined : "Выберите один из вариантов";
  if (step.type === "multi")
    return Array.isArray(a) && a.length ? undefined : "Выберите хотя бы один вариант";
  return undefined;
}

export function QuizFlow({ quiz, slug, onClose }: { quiz: Quiz; slug: string; onClose(): void }) {
  const [draft, setDraft] = useState<QuizDraft>(() => loadDraft(slug, quiz.id) ?? newDraft(quiz.id));
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const [errors, setErrors] = useState<Errors>({});
  const online = useOnline();
  const focusTarget = useRef<HTMLElement | null>(null);
  const moved = useRef(false);

  const steps = quiz.steps;
  const index = Math.min(draft.step, steps.length - 1);
  const step = steps[index];

  const done = status.kind === "done";
  // Each new step (and the thank-you) takes the focus, so a screen reader announces the question.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step or the outcome changes
  useEffect(() => {
    if (moved.current) focusTarget.current?.focus();
    moved.current = true;
  }, [index, done]);

  if (!step) return null;

  const change = (patch: Partial<QuizDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    saveDraft(slug, next);
  };

  /** A contact field's edit clears its error: the message was about the old value. */
  const edit = (field: ContactField, patch: Partial<QuizDraft>) => {
    change(patch);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const goTo = (i: number, error?: string) => {
    setErrors(error ? { step: error } : {});
    setStatus({ kind: "editing" });
    change({ step: i });
  };

  const select = (value: string) => {
    if (step.type === "multi") {
      const current = draft.answers[step.id];
      const list = Array.isArray(current) ? current : [];
      const next = list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
      change({ answers: { ...draft.answers, [step.id]: next } });
    } else change({ answers: { ...draft.answers, [step.id]: value } });
    setErrors({});
  };

  const submit = async () => {
    const found = contactErrors(draft);
    if (found) {
      setErrors(found);
      return;
    }
    const answers = v.safeParse(QuizAnswersSchema, draft.answers);
    if (!answers.success) {
      const missing = steps.findIndex((s) => stepError(s, draft.answers));
      goTo(Math.max(missing, 0), "Ответьте на этот вопрос, чтобы отправить заявку");
      return;
    }
    setErrors({});
    setStatus({ kind: "sending" });
    try {
      const res = await postJson<QuizSubmitResult>(apiKeys.quizSubmit(), {
        quiz_id: quiz.id,
        idempotency_key: draft.key,
        answers: answers.output,
        name: draft.name,
        phone: draft.phone,
        consent: true,
      });
      clearDraft(slug);
      setStatus({
        kind: "done",
        id: res.id,
        answers: answers.output,
        name: draft.name.trim(),
        phone: normalizePhone(draft.phone) ?? draft.phone,
      });
    } catch (e) {
      const outcome = failureOf(e, steps);
      if (outcome.step !== undefined) goTo(outcome.step, outcome.message);
      else if (outcome.field) {
        setStatus({ kind: "editing" });
        setErrors({ [outcome.field]: outcome.message });
      } else setStatus({ kind: "failed", message: outcome.message });
    }
  };

  const focus = (el: HTMLElement | null) => {
    focusTarget.current = el;
  };
  if (status.kind === "done") return <QuizThanks status={status} focus={focus} onClose={onClose} />;

  const isContact = step.type === "contact";
  const sending = status.kind === "sending";
  return (
    <form
      className="quiz"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const error = stepError(step, draft.answers);
        if (isContact) void submit();
        else if (error) setErrors({ step: error });
        else goTo(index + 1);
      }}
    >
      <QuizProgress index={index} total={steps.length} />

      {!online && (
        <p className="quiz__notice" role="status">
          Нет подключения к интернету. Ответы сохраняются на этом устройстве — отправьте заявку, когда связь
          появится.
        </p>
      )}

      <StepFields
        step={step}
        draft={draft}
        errors={errors}
        focus={focus}
        onSelect={select}
        onContact={edit}
      />

      {errors.step && (
        <p id="quiz-step-error" className="form-error" role="alert">
          {errors.step}
        </p>
      )}

      {status.kind === "failed" && (
        <div className="quiz__failed" role="alert">
          <p>
            {status.message} Ваши ответы сохранены на этом устройстве — ничего не придётся вводить заново.
          </p>
          <button type="submit" className="button" disabled={!online}>
            Отправить ещё раз
          </button>
        </div>
      )}

      <div className="quiz__actions">
        {index > 0 && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => goTo(index - 1)}
            disabled={sending}
          >
            Назад
          </button>
        )}
        {status.kind !== "failed" && (
          <button type="submit" className="button" disabled={sending || (isContact && !online)}>
            {isContact ? (sending ? "Отправляем…" : "Отправить заявку") : "Далее"}
          </button>
        )}
      </div>
    </form>
  );
}

function QuizThanks({
  status,
  focus,
  onClose,
}: {
  status: Extract<Status, { kind: "done" }>;
  focus(el: HTMLElement | null): void;
  onClose(): void;
}) {
  return (
    <div className="quiz quiz--done">
      <h3 className="quiz__question" tabIndex={-1} ref={focus}>
        Спасибо, {status.name}! Заявка принята
      </h3>
      <p>
        Номер заявки — {status.id}. Консультант позвонит на{" "}
        <span className="quiz__phone">{formatPhone(status.phone)}</span> и пришлёт подборку. Мы на связи{" "}
        {COMPANY.hours.consultants} по московскому времени.
      </p>
      <QuizMatches answers={status.answers} onNavigate={onClose} />
      <div className="quiz__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Готово
        </button>
      </div>
    </div>
  );
}

function QuizProgress({ index, total }: { index: number; total: number }) {
  return (
    <div className="quiz__progress">
      <span>
        Шаг {index + 1} из {total}
      </span>
      <div
        className="quiz__bar"
        role="progressbar"
        aria-label="Пройдено шагов"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
      >
        <div style={{ width: `${((index + 1) / total) * 100}%` }} />
      </div>
    </div>
  );
}

/** One step's question: its options, or the contact fields on the last step. */
function StepFields({
  step,
  draft,
  errors,
  focus,
  onSelect,
  onContact,
}: {
  step: QuizStep;
  draft: QuizDraft;
  errors: Errors;
  focus(el: HTMLElement | null): void;
  onSelect(value: string): void;
  onContact(field: ContactField, patch: Partial<QuizDraft>): void;
}) {
  const selected = draft.answers[step.id];
  return (
    <fieldset
      className="quiz__step"
      tabIndex={-1}
      ref={focus}
      aria-describedby={errors.step ? "quiz-step-error" : undefined}
    >
      <legend className="quiz__question">{step.title}</legend>
      {step.type === "multi" && <p className="quiz__hint">Можно выбрать несколько вариантов</p>}
      {step.type === "contact" ? (
        <div className="quiz__contact">
          <p className="quiz__hint">
            Консультант позвонит, уточнит детали и пришлёт подборку. Номер не передаём застройщикам и не
            используем для рассылок.
          </p>
          <ContactFields id="quiz" value={draft} errors={errors} onChange={onContact} />
        </div>
      ) : (
        <div className="quiz__options">
          {step.options.map((o) => (
            <label key={o.value} className="quiz__option">
              <input
                type={step.type === "multi" ? "checkbox" : "radio"}
                name={`quiz-${step.id}`}
                value={o.value}
                checked={Array.isArray(selected) ? selected.includes(o.value) : selected === o.value}
                onChange={() => onSelect(o.value)}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

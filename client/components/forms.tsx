/** What the request forms (the quiz, the request to the seller) share: the contact's checks, messages, consent. */
import type { ReactNode } from "react";
import * as v from "valibot";
import { formatPhone } from "../../shared/leads";
import { href } from "../../shared/routes";
import { ConsentSchema, NameSchema, PhoneSchema } from "../../shared/schemas/quizzes";
import { fetchJson } from "../http";
import "./forms.css";

/** The first message of a value that the schema refuses, else undefined. */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | undefined {
  const r = v.safeParse(schema, value);
  return r.success ? undefined : r.issues[0].message;
}

export interface Contact {
  name: string;
  phone: string;
  consent: boolean;
}

/** The contact's messages, checked in the browser before a send; none when it may be sent. */
export function contactErrors(c: Contact): Partial<Record<keyof Contact, string>> | null {
  const errors = {
    name: firstIssue(NameSchema, c.name),
    phone: firstIssue(PhoneSchema, c.phone),
    consent: firstIssue(ConsentSchema, c.consent),
  };
  return errors.name || errors.phone || errors.consent ? errors : null;
}

/** Sends a form's request as JSON; the answer as fetchJson gives it (ApiError with the server's message). */
export const postJson = <T,>(key: string, body: unknown) =>
  fetchJson<T>(key, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** The server names the field of a 400: «answers.rooms: …», «phone: …». */
export function splitFieldMessage(message: string): { path: string; text: string } {
  const m = /^([\w.]+): (.+)$/s.exec(message);
  return m ? { path: m[1] ?? "", text: m[2] ?? message } : { path: "", text: message };
}

/** The consent checkbox's words, with the consent's text a link away (152‑ФЗ). */
export function ConsentText() {
  return (
    <span>
      Даю согласие на{" "}
      <a href={href("data-processing-agreement")} target="_blank" rel="noopener">
        обработку персональных данных
      </a>{" "}
      по закону 152‑ФЗ
    </span>
  );
}

/** A field's message under it, with the id the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="form-error">
      {message}
    </p>
  ) : null;
}

/** aria-invalid and aria-describedby of a field whose message FieldError shows. */
export const describedBy = (id: string, message: string | undefined) => ({
  "aria-invalid": message ? true : undefined,
  "aria-describedby": message ? `${id}-error` : undefined,
});

/**
 * The contact's fields of a request form, the same in the quiz and in the request to the seller: name, phone
 * (formatted as it is typed; deleting keeps what is left), the consent, each with its message. `children` go
 * between the phone and the consent. The fields carry their names, for a form sent without JavaScript.
 */
export function ContactFields({
  id,
  value,
  errors,
  onChange,
  children,
}: {
  id: string;
  value: Contact;
  errors: Partial<Record<keyof Contact, string>>;
  onChange: (field: keyof Contact, patch: Partial<Contact>) => void;
  children?: ReactNode;
}) {
  const fieldId = (field: keyof Contact) => `${id}-${field}`;
  return (
    <>
      <label className="form-label" htmlFor={fieldId("name")}>
        Имя
      </label>
      <input
        id={fieldId("name")}
        className="form-input"
        name="name"
        type="text"
        autoComplete="given-name"
        maxLength={60}
        value={value.name}
        onChange={(e) => onChange("name", { name: e.target.value })}
        {...describedBy(fieldId("name"), errors.name)}
      />
      <FieldError id={fieldId("name")} message={errors.name} />
      <label className="form-label" htmlFor={fieldId("phone")}>
        Телефон
      </label>
      <input
        id={fieldId("phone")}
        className="form-input"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+7 999 123-45-67"
        maxLength={40}
        value={value.phone}
        onChange={(e) => {
          const typed = e.target.value;
          onChange("phone", { phone: typed.length < value.phone.length ? typed : formatPhone(typed) });
        }}
        {...describedBy(fieldId("phone"), errors.phone)}
      />
      <FieldError id={fieldId("phone")} message={errors.phone} />
      {children}
      <label className="form-consent">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          checked={value.consent}
          onChange={(e) => onChange("consent", { consent: e.target.checked })}
          {...describedBy(fieldId("consent"), errors.consent)}
        />
        <ConsentText />
      </label>
      <FieldError id={fieldId("consent")} message={errors.consent} />
    </>
  );
}

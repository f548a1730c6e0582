/** What the request forms (the quiz, the request to the seller) share: the contact's checks, messages, consent. */
import * as v from "valibot";
import { href } from "../../shared/routes";
import { ConsentSchema, NameSchema, PhoneSchema } from "../../shared/schemas/quizzes";
import { fetchJson } from "../http";

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

/** What the request forms (the quiz, the request to the seller) share: field messages, client and server. */
import * as v from "valibot";

/** The first message of a value that the schema refuses, else undefined. */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | undefined {
  const r = v.safeParse(schema, value);
  return r.success ? undefined : r.issues[0].message;
}

/** The server names the field of a 400: «answers.rooms: …», «phone: …». */
export function splitFieldMessage(message: string): { path: string; text: string } {
  const m = /^([\w.]+): (.+)$/s.exec(message);
  return m ? { path: m[1] ?? "", text: m[2] ?? message } : { path: "", text: message };
}

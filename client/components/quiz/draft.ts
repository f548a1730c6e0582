/**
 * The quiz's answers as they are typed, kept in localStorage so that a reload, a closed window or a failed
 * send loses nothing. The idempotency key is made with the draft, so every retry of its send is the same
 * submission to the server.
 */
import * as v from "valibot";
import { hasStored, readStored, removeStored, writeStored } from "../../storage";

const DraftSchema = v.object({
  quizId: v.number(),
  step: v.pipe(v.number(), v.integer(), v.minValue(0)),
  answers: v.record(v.string(), v.union([v.string(), v.array(v.string())])),
  name: v.string(),
  phone: v.string(),
  consent: v.boolean(),
  key: v.pipe(v.string(), v.uuid()),
});
export type QuizDraft = v.InferOutput<typeof DraftSchema>;

const storageKey = (slug: string) => `quiz-draft:v1:${slug}`;

export function newDraft(quizId: number): QuizDraft {
  return { quizId, step: 0, answers: {}, name: "", phone: "", consent: false, key: crypto.randomUUID() };
}

/** The saved draft of this quiz, or null; a draft of another version of the quiz is dropped. */
export function loadDraft(slug: string, quizId: number): QuizDraft | null {
  const draft = readStored(storageKey(slug), DraftSchema);
  return draft?.quizId === quizId ? draft : null;
}

export const hasDraft = (slug: string) => hasStored(storageKey(slug));
// Storage can be unavailable (disabled, full): the quiz still works, only without surviving a reload.
export const saveDraft = (slug: string, draft: QuizDraft) => writeStored(storageKey(slug), draft);
export const clearDraft = (slug: string) => removeStored(storageKey(slug));

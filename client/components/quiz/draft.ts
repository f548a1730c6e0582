/**
 * The quiz's answers as they are typed, kept in localStorage so that a reload, a closed window or a failed
 * send loses nothing. The idempotency key is made with the draft, so every retry of its send is the same
 * submission to the server.
 */
import * as v from "valibot";

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

/** The saved draft of this quiz, or null; a draft that does not read back (edited, another version) is dropped. */
export function loadDraft(slug: string, quizId: number): QuizDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(slug));
    if (!raw) return null;
    const parsed = v.safeParse(DraftSchema, JSON.parse(raw));
    return parsed.success && parsed.output.quizId === quizId ? parsed.output : null;
  } catch {
    return null;
  }
}

export function hasDraft(slug: string): boolean {
  try {
    return localStorage.getItem(storageKey(slug)) !== null;
  } catch {
    return false;
  }
}

// Storage can be unavailable (disabled, full): the quiz still works, only without surviving a reload.
export function saveDraft(slug: string, draft: QuizDraft): void {
  try {
    localStorage.setItem(storageKey(slug), JSON.stringify(draft));
  } catch {}
}

export function clearDraft(slug: string): void {
  try {
    localStorage.removeItem(storageKey(slug));
  } catch {}
}

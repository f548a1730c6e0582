import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import {
  QuizStepSchema,
  type QuizSubmission,
  type QuizSubmitResult,
  type QuizzesResponse,
} from "../../shared/schemas/quizzes";
import { getQuizSubmissionIdByKey, insertQuizSubmission, listQuizzes } from "../db/queries/quizzes";
import type { Deps } from "./deps";

const StepsSchema = v.array(QuizStepSchema);

export async function loadQuizzes(deps: Deps): Promise<QuizzesResponse> {
  const rows = await listQuizzes(deps.db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      steps: v.parse(StepsSchema, JSON.parse(r.steps)),
    })),
  };
}

/**
 * Stores the submission before it is acknowledged. A retry with the same idempotency key writes nothing
 * and answers with the id stored the first time.
 */
export async function submitQuiz(deps: Deps, input: QuizSubmission, ip: string): Promise<QuizSubmitResult> {
  const id = await insertQuizSubmission(deps.db, {
    quizId: input.quiz_id,
    idempotencyKey: input.idempotency_key,
    answers: JSON.stringify(input.answers),
    name: input.name,
    phone: input.phone,
    ip,
    createdAt: new Date().toISOString(),
  });
  if (id !== null) return { id, created: true };
  const existing = await getQuizSubmissionIdByKey(deps.db, input.idempotency_key);
  if (existing !== null) return { id: existing, created: false };
  throw new HTTPException(400, { message: "quiz_id: Такого опроса нет" });
}

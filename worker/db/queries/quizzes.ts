export interface QuizRow {
  id: number;
  slug: string;
  title: string;
  /** JSON of the steps. */
  steps: string;
}

export async function listQuizzes(db: D1Database): Promise<QuizRow[]> {
  const { results } = await db
    .prepare("SELECT id, slug, title, steps FROM quizzes ORDER BY id")
    .all<QuizRow>();
  return results;
}

export interface QuizSubmissionInsert {
  quizId: number;
  idempotencyKey: string;
  /** JSON of the answers. */
  answers: string;
  name: string;
  phone: string;
  ip: string;
  createdAt: string;
}

/**
 * Stores a submission once: nothing is written when the quiz does not exist or the key is already stored.
 * Returns the new id, or null when nothing was written.
 */
export async function insertQuizSubmission(db: D1Database, s: QuizSubmissionInsert): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO quiz_submissions (quiz_id, idempotency_key, answers, name, phone, ip, created_at)
       SELECT id, ?2, ?3, ?4, ?5, ?6, ?7 FROM quizzes WHERE id = ?1
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
    )
    .bind(s.quizId, s.idempotencyKey, s.answers, s.name, s.phone, s.ip, s.createdAt)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function getQuizSubmissionIdByKey(db: D1Database, key: string): Promise<number | null> {
  const row = await db
    .prepare("SELECT id FROM quiz_submissions WHERE idempotency_key = ?1")
    .bind(key)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** The quiz in the launcher's modal (QuizLauncher.tsx loads this chunk): its questions, or why there are none. */
import { apiKeys } from "../../../shared/api-keys";
import type { QuizzesResponse } from "../../../shared/schemas/quizzes";
import { useApi } from "../../hooks/use-api";
import { QuizFlow } from "./Quiz";
import { Loading } from "./QuizLauncher";

export default function QuizBody({ slug, onClose }: { slug: string; onClose(): void }) {
  const { data, error, isLoading, mutate } = useApi<QuizzesResponse>(apiKeys.quizzes());
  const quiz = data?.data.find((q) => q.slug === slug);
  if (quiz) return <QuizFlow quiz={quiz} slug={slug} onClose={onClose} />;
  if (isLoading) return <Loading />;
  return (
    <div className="quiz__failed" role="alert">
      <p>
        {error
          ? "Не удалось загрузить вопросы. Проверьте соединение и попробуйте ещё раз."
          : "Подбор сейчас недоступен. Позвоните нам — консультант подберёт квартиру по телефону."}
      </p>
      {error && (
        <button type="button" className="button" onClick={() => mutate()}>
          Повторить
        </button>
      )}
    </div>
  );
}

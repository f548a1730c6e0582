import { useCallback, useState, useSyncExternalStore } from "react";
import { preload } from "swr";
import { apiKeys } from "../../../shared/api-keys";
import type { QuizzesResponse } from "../../../shared/schemas/quizzes";
import { useApi } from "../../hooks/use-api";
import { fetchJson } from "../../http";
import { Modal } from "../Modal";
import { hasDraft } from "./draft";
import { QuizFlow } from "./Quiz";
import "./quiz.css";

const subscribeStorage = (cb: () => void) => {
  window.addEventListener("storage", cb);
  return () => window.removeEventListener("storage", cb);
};

function QuizBody({ slug, onClose }: { slug: string; onClose(): void }) {
  const { data, error, isLoading, mutate } = useApi<QuizzesResponse>(apiKeys.quizzes());
  const quiz = data?.data.find((q) => q.slug === slug);
  if (quiz) return <QuizFlow quiz={quiz} slug={slug} onClose={onClose} />;
  if (isLoading) {
    return (
      <p className="quiz__hint" role="status">
        Загружаем вопросы…
      </p>
    );
  }
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

/**
 * «Подобрать квартиру за 1 минуту»: a card with a button that opens the quiz in a modal. Place it on any
 * page; the answers typed so far survive a reload and are offered again.
 */
export function QuizLauncher({ slug = "podbor-kvartiry" }: { slug?: string }) {
  const [open, setOpen] = useState(false);
  // A stable callback: the modal re-runs its focus effect when onClose changes.
  const close = useCallback(() => setOpen(false), []);
  const saved = useSyncExternalStore(
    subscribeStorage,
    () => hasDraft(slug),
    () => false,
  );
  const warm = () => {
    preload(apiKeys.quizzes(), (key: string) => fetchJson(key)).catch(() => undefined);
  };
  return (
    <section className="quiz-launcher" aria-labelledby={`quiz-launcher-${slug}`}>
      <div>
        <h2 id={`quiz-launcher-${slug}`}>Не знаете, с чего начать?</h2>
        <p>
          Ответьте на шесть вопросов — о бюджете, комнатах, районе и сроках. Покажем подходящие ЖК из
          каталога, а консультант пришлёт подробную подборку и поможет выбрать программу ипотеки. Это
          бесплатно.
        </p>
        {saved && !open && (
          <p className="quiz-launcher__saved">Ваши ответы сохранены — продолжите с того же места.</p>
        )}
      </div>
      <button
        type="button"
        className="button quiz-launcher__button"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => setOpen(true)}
      >
        Подобрать квартиру за 1 минуту
      </button>
      <Modal open={open} onClose={close} title="Подбор квартиры">
        <QuizBody slug={slug} onClose={close} />
      </Modal>
    </section>
  );
}

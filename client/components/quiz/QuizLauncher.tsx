import { Suspense, useCallback, useState, useSyncExternalStore } from "react";
import { preload } from "swr";
import { apiKeys } from "../../../shared/api-keys";
import { fetchJson } from "../../http";
import { lazyPart } from "../../pages";
import { Modal } from "../Modal";
import { hasDraft } from "./draft";
import "./quiz.css";

/** The quiz itself (QuizBody.tsx): its own chunk, loaded when the button is pointed at, focused or pressed. */
const QUIZ = lazyPart<{ slug: string; onClose(): void }>(() => import("./QuizBody"));

const subscribeStorage = (cb: () => void) => {
  window.addEventListener("storage", cb);
  return () => window.removeEventListener("storage", cb);
};

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
    QUIZ.preload().catch(() => undefined);
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
        <Suspense fallback={<Loading />}>
          <QUIZ.Component slug={slug} onClose={close} />
        </Suspense>
      </Modal>
    </section>
  );
}

/** The quiz's questions (or its chunk) on their way. */
export function Loading() {
  return (
    <p className="quiz__hint" role="status">
      Загружаем вопросы…
    </p>
  );
}

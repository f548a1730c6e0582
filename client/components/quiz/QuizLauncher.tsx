import { Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { preload } from "swr";
import { apiKeys } from "../../../shared/api-keys";
import { COMPANY } from "../../../shared/company-info";
import { PRESSED } from "../../early-press";
import { fetchJson } from "../../http";
import { lazyPart } from "../../pages";
import { Modal } from "../Modal";
import { hasDraft } from "./draft";
import "./quiz.css";

/** The quiz itself (QuizBody.tsx): its own chunk, loaded when the button is pointed at, focused or pressed. */
const QUIZ = lazyPart<{ slug: string; onClose(): void }>(() => import("./QuizBody"));

/** The quiz's chunk and questions, asked for as soon as a press looks likely. */
function warm() {
  preload(apiKeys.quizzes(), (key: string) => fetchJson(key)).catch(() => undefined);
  QUIZ.preload().catch(() => undefined);
}

const subscribeStorage = (cb: () => void) => {
  window.addEventListener("storage", cb);
  return () => window.removeEventListener("storage", cb);
};

/**
 * «Подобрать квартиру за 1 минуту»: a card with a button that opens the quiz in a modal. Place it on any
 * page; the answers typed so far survive a reload and are offered again. A press before the page has hydrated
 * is kept (client/early-press.ts) and opens the quiz once it has. Without JavaScript the quiz cannot run: the
 * card offers the consultant's phone instead of the button.
 */
export function QuizLauncher({ slug = "podbor-kvartiry" }: { slug?: string }) {
  const [open, setOpen] = useState(false);
  // A stable callback: the modal re-runs its focus effect when onClose changes.
  const close = useCallback(() => setOpen(false), []);
  const button = useRef<HTMLButtonElement>(null);
  // Opens, never toggles: a press kept before hydration and the same press seen by React agree.
  const press = useCallback(() => {
    button.current?.removeAttribute(PRESSED);
    warm();
    setOpen(true);
  }, []);
  // A press made while the button was still the server's HTML.
  useEffect(() => {
    if (button.current?.hasAttribute(PRESSED)) press();
  }, [press]);
  const saved = useSyncExternalStore(
    subscribeStorage,
    () => hasDraft(slug),
    () => false,
  );
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
        ref={button}
        type="button"
        className="button quiz-launcher__button"
        // A press before hydration is kept (client/early-press.ts, EARLY_PRESS).
        data-early-press=""
        onPointerEnter={warm}
        onFocus={warm}
        onClick={press}
      >
        Подобрать квартиру за 1 минуту
      </button>
      <a className="button quiz-launcher__call" href={COMPANY.phone.href}>
        <span>
          Позвонить консультанту: <span className="quiz-launcher__phone">{COMPANY.phone.label}</span>
        </span>
      </a>
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

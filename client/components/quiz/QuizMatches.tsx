import * as v from "valibot";
import { countOf, deadlineLine, formatPriceFrom, WORDS } from "../../../shared/format";
import { type QuizAnswers, QuizMatchesSchema } from "../../../shared/schemas/quizzes";
import { useApi } from "../../hooks/use-api";
import { AppLink } from "../AppLink";
import { matchesKey } from "./matches";

/** The complexes of the catalogue that fit the answers; any failure leaves the selection to the consultant. */
export function QuizMatches({ answers, onNavigate }: { answers: QuizAnswers; onNavigate(): void }) {
  const { data, error, isLoading } = useApi<unknown>(matchesKey(answers, new Date().getFullYear()));
  if (isLoading) {
    return (
      <p className="quiz-matches__note" role="status">
        Подбираем жилые комплексы по вашим ответам…
      </p>
    );
  }
  const parsed = error ? null : v.safeParse(QuizMatchesSchema, data);
  if (!parsed?.success) {
    return (
      <p className="quiz-matches__note" role="status">
        Подборку пришлём по телефону: консультант сверит ответы с каталогом и расскажет о каждом варианте.
      </p>
    );
  }
  const { data: items, total } = parsed.output;
  if (!items.length) {
    return (
      <p className="quiz-matches__note" role="status">
        Точно под ваши ответы в каталоге сейчас ничего нет. Консультант предложит близкие варианты — например,
        с другим сроком сдачи или в соседнем районе.
      </p>
    );
  }
  return (
    <section className="quiz-matches" aria-labelledby="quiz-matches-title">
      <h3 id="quiz-matches-title">
        Нашли {countOf(total, WORDS.complex)} в каталоге
        {total > items.length ? ", вот самые доступные" : ""}
      </h3>
      <ul>
        {items.map((c) => (
          <li key={c.id}>
            <AppLink to={c.url} onClick={onNavigate}>
              {c.name}
            </AppLink>
            {c.min_price != null && (
              <span className="quiz-matches__price">{formatPriceFrom(c.min_price)}</span>
            )}
            <span className="quiz-matches__meta">
              {[c.class_name, deadlineLine(c.deadline), c.address].filter(Boolean).join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How «Риск переноса» is reckoned (issue 31): every input the band reads and the rules, the same as
 * shared/construction/risk.ts applies (its constants are printed here, so the page cannot drift from them).
 */
import { CONSTRUCTION_STAGES, STAGE_SPANS } from "../../shared/construction/history";
import {
  FAST_PACE,
  RISK_LABELS,
  STANDSTILL_MONTHS,
  STANDSTILL_POINTS,
  TYPICAL_PACE,
} from "../../shared/construction/risk";
import { countOf } from "../../shared/format";
import { StaticPage } from "../components/legal/StaticPage";
import type { PageProps } from "../pages";

const MONTHS = ["месяц", "месяца", "месяцев"] as const;
const pct = (n: number) => `${n}\u00a0%`;

export default function RiskMethodPage({ match }: PageProps) {
  return (
    <StaticPage
      match={match}
      title="Как мы оцениваем риск переноса срока"
      description="Риск переноса срока сдачи новостройки: низкий, средний или высокий. Из чего он складывается: готовность и время до срока, история переносов, темп стройки и то, как застройщик сдавал прежние дома."
      lead="Для каждого строящегося дома мы показываем риск переноса срока сдачи — низкий, средний или высокий — и всегда объясняем его словами. Это не рейтинг и не прогноз застройщика, а простые правила по открытым данным: их может проверить каждый."
    >
      <section className="static-page__section" aria-labelledby="risk-inputs">
        <h2 id="risk-inputs">Что мы учитываем</h2>
        <ul className="static-page__list">
          <li>
            <strong>Готовность дома и время до срока.</strong> Готовность в процентах застройщик публикует
            каждый месяц в проектной декларации и фидах; срок — конец квартала, который застройщик назвал
            последним.
          </li>
          <li>
            <strong>История срока.</strong> Каждый срок, который застройщик объявлял для дома, начиная с
            первого обещания: мы записываем любое изменение срока в момент, когда оно появляется в данных.
          </li>
          <li>
            <strong>Темп стройки.</strong> Насколько выросла готовность за последние{" "}
            {countOf(STANDSTILL_MONTHS, MONTHS)}.
          </li>
          <li>
            <strong>Прежние дома застройщика.</strong> Сколько домов он уже сдал и сколько из них — позже
            первого обещанного срока больше чем на квартал (по нашему каталогу).
          </li>
        </ul>
      </section>

      <section className="static-page__section" aria-labelledby="risk-rules">
        <h2 id="risk-rules">Правила</h2>
        <ul className="static-page__list">
          <li>
            Дома обычно строят примерно по {pct(TYPICAL_PACE)} готовности в месяц и почти никогда не быстрее{" "}
            {pct(FAST_PACE)}. Мы делим оставшиеся проценты на месяцы до конца срока: если нужно больше{" "}
            {pct(FAST_PACE)} в месяц или срок уже прошёл, риск <strong>высокий</strong>; больше{" "}
            {pct(TYPICAL_PACE)} — <strong>средний</strong>. Дом на {pct(30)} за два квартала до срока успеть
            не может.
          </li>
          <li>
            Если за {countOf(STANDSTILL_MONTHS, MONTHS)} готовность выросла меньше чем на{" "}
            {pct(STANDSTILL_POINTS)}, стройка стоит — риск <strong>высокий</strong>.
          </li>
          <li>
            Срок переносили дважды или больше — риск <strong>высокий</strong>, один раз — не ниже{" "}
            <strong>среднего</strong>.
          </li>
          <li>
            Если застройщик сдал хотя бы три дома и половину из них или больше — с опозданием, риск
            поднимается на ступень.
          </li>
          <li>
            Если застройщик не публикует готовность, риск не ниже <strong>среднего</strong>: ничто не
            показывает, что дом успевает.
          </li>
          <li>Итог — самая высокая из ступеней; у сданного дома риска нет.</li>
        </ul>
        <p>
          Ступени: {Object.values(RISK_LABELS).join(", ")}. Рядом с риском на странице ЖК всегда перечислены
          причины — например, «готовность {pct(35)}, до срока 5 месяцев; застройщик сдал 4 из 6 домов с
          опозданием».
        </p>
      </section>

      <section className="static-page__section" aria-labelledby="risk-stages">
        <h2 id="risk-stages">Стадии стройки</h2>
        <p>
          Стадию работ мы берём из отчёта застройщика и сверяем с готовностью. Стадия, которая не сходится с
          готовностью, попадает в отчёт проверки фида и не показывается как факт.
        </p>
        <ul className="static-page__list">
          {Object.entries(CONSTRUCTION_STAGES).map(([code, name]) => {
            const [min, max] = STAGE_SPANS[Number(code) as keyof typeof STAGE_SPANS];
            return (
              <li key={code}>
                {name} — обычно при готовности от {pct(min)} до {pct(max)}
              </li>
            );
          })}
        </ul>
        <p>
          Если фотографий стройки нет, мы рисуем дом на его стадии и подписываем рисунок словом «Иллюстрация»:
          это не снимок площадки.
        </p>
      </section>

      <section className="static-page__section" aria-labelledby="risk-limits">
        <h2 id="risk-limits">Чего риск не учитывает</h2>
        <p>
          Финансовое положение застройщика, суды и решения властей в данных для оценки не участвуют.
          Проверяйте проект на наш.дом.рф: ссылка на проектную декларацию есть на странице каждого ЖК.
        </p>
      </section>
    </StaticPage>
  );
}

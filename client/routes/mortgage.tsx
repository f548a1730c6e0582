import { parseMortgageQuery } from "../../shared/mortgage";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { MortgageCalculator } from "../components/mortgage/MortgageCalculator";
import ProgramsInfo from "../components/mortgage/ProgramsInfo";
import { PageHead } from "../components/PageHead";
import { QuizLauncher } from "../components/quiz/QuizLauncher";
import type { PageProps } from "../pages";

export default function MortgagePage({ match }: PageProps) {
  const query = match.search.toString();
  return (
    <div className="page container">
      <PageHead
        title="Ипотечный калькулятор: платёж, переплата и график платежей"
        description="Рассчитайте ежемесячный платёж по ипотеке на новостройку: рыночная, семейная и IT-ипотека, аннуитетные и дифференцированные платежи, график по годам и месяцам."
        canonical={match.pathname}
      />
      <Breadcrumbs items={[{ label: "Ипотечный калькулятор" }]} />
      <h1>Ипотечный калькулятор</h1>
      <p className="mortgage-lead">
        Введите стоимость квартиры, взнос, срок и ставку или выберите программу — посчитаем платёж, переплату
        и покажем, как меняется доля процентов. Ссылка на страницу сохраняет расчёт: её можно отправить родным
        или в банк.
      </p>
      {/* A navigation to other inputs (a link with ?price=…) starts the calculator afresh. */}
      <MortgageCalculator key={query} initial={parseMortgageQuery(match.search)} pathname={match.pathname} />
      <QuizLauncher />
      <ProgramsInfo />
    </div>
  );
}

import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Ипотечный калькулятор" canonical={match.pathname} />
      <h1>Ипотечный калькулятор</h1>
      <p>Рассчитайте ежемесячный платёж по ипотеке.</p>
    </div>
  );
}

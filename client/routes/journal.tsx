import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Журнал о новостройках" canonical={match.pathname} />
      <h1>Журнал</h1>
      <p>Статьи об ипотеке, выборе ЖК и приёмке квартиры.</p>
    </div>
  );
}

import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Квартиры в новостройках Москвы" canonical={match.pathname} />
      <h1>Квартиры в новостройках</h1>
      <p>Квартиры от застройщиков.</p>
    </div>
  );
}

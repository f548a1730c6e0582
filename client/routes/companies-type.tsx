import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Застройщики Москвы и Подмосковья" canonical={match.pathname} />
      <h1>Застройщики</h1>
      <p>Застройщики новостроек Москвы и Подмосковья.</p>
    </div>
  );
}

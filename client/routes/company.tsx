import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Застройщик" canonical={match.pathname} />
      <h1>Застройщик</h1>
      <p>Информация о компании и её жилых комплексах.</p>
    </div>
  );
}

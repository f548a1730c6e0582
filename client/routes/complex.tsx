import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Жилой комплекс" canonical={match.pathname} />
      <h1>Жилой комплекс</h1>
      <p>Информация о жилом комплексе.</p>
    </div>
  );
}

import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Правовая информация" canonical={match.pathname} />
      <h1>Правовая информация</h1>
      <p>Документы сайта.</p>
    </div>
  );
}

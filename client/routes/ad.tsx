import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Реклама на сайте" canonical={match.pathname} />
      <h1>Реклама на сайте</h1>
      <p>Форматы размещения и контакты отдела рекламы.</p>
    </div>
  );
}

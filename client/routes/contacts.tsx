import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Контакты" canonical={match.pathname} />
      <h1>Контакты</h1>
      <p>Как связаться с редакцией каталога.</p>
    </div>
  );
}

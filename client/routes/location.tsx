import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Новостройки" canonical={match.pathname} />
      <h1>Новостройки</h1>
      <p>Жилые комплексы рядом.</p>
    </div>
  );
}

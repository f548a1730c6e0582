import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Новостройки по расположению" canonical={match.pathname} />
      <h1>Новостройки по расположению</h1>
      <p>Выберите станцию, район или город.</p>
    </div>
  );
}

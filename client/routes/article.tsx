import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Статья" canonical={match.pathname} />
      <h1>Статья</h1>
      <p>Статья журнала.</p>
    </div>
  );
}

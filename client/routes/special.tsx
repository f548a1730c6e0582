import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Спецпредложения застройщиков" canonical={match.pathname} />
      <h1>Спецпредложения</h1>
      <p>Скидки и акции застройщиков.</p>
    </div>
  );
}

import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Новостройки Москвы и Подмосковья" canonical={match.pathname} />
      <h1>Новостройки</h1>
      <p>Каталог жилых комплексов.</p>
    </div>
  );
}

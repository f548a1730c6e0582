import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

export default function Page({ match }: PageProps) {
  return (
    <div className="page container">
      <PageHead title="Застройщики и агентства недвижимости" canonical={match.pathname} />
      <h1>Застройщики и агентства</h1>
      <p>Компании, которые строят и продают квартиры в новостройках Москвы и Подмосковья.</p>
    </div>
  );
}

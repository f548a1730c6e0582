import { apiKeys } from "../../shared/api-keys";
import type { PageData } from "../../shared/schemas/pages";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

const TITLE = "Новостройки Москвы и Подмосковья — каталог ЖК от застройщиков";
const DESCRIPTION =
  "Каталог новостроек Москвы и Московской области: цены от застройщиков, планировки, сроки сдачи, ипотека.";

export default function HomePage({ match }: PageProps) {
  const { data } = useApi<PageData>(apiKeys.page("/"));
  const seo = data?.seo;
  return (
    <div className="page container">
      <PageHead
        title={seo?.title ?? TITLE}
        description={seo?.description || DESCRIPTION}
        canonical={match.pathname}
      />
      <h1>{seo?.h1 ?? "Новостройки Москвы и Подмосковья"}</h1>
      {data?.description ? (
        <p>{data.description}</p>
      ) : (
        <p>Каталог жилых комплексов и квартир от застройщиков.</p>
      )}
    </div>
  );
}

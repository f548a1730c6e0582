import { apiKeys } from "../../shared/api-keys";
import { shouldIndex } from "../../shared/indexing";
import { baseFilterOf, listingQuery, ownQuery } from "../../shared/listing";
import type { SeoFilterData } from "../../shared/schemas/main";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Listing } from "../components/catalogue/Listing";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

const DEFAULT = {
  title: "Новостройки Москвы и Подмосковья — каталог ЖК от застройщиков",
  h1: "Новостройки Москвы и Подмосковья",
  description:
    "Все новостройки Москвы, Новой Москвы и Подмосковья: цены от застройщиков, планировки, сроки сдачи, отделка и ипотека. Фильтры по метро, району и бюджету.",
};

export default function ListingPage({ match }: PageProps) {
  const path = (match.params["*"] ?? "").replace(/\/+$/, "");
  const { data: seo } = useApi<SeoFilterData>(path ? apiKeys.seoFilter(path) : null);
  const query = listingQuery(match);
  const base = baseFilterOf(match) ?? {};
  const own = ownQuery(match.search).filter;
  const text = seo ?? DEFAULT;
  const page = query?.page ?? 1;
  return (
    <div className="page container">
      <PageHead
        title={page > 1 ? `${text.title} — страница ${page}` : text.title}
        description={text.description}
        canonical={match.pathname}
        noindex={!shouldIndex(match.pathname, match.search)}
      />
      <Breadcrumbs
        items={
          path
            ? [{ label: "Новостройки", to: "/novostroyki/" }, { label: text.h1 }]
            : [{ label: "Новостройки" }]
        }
      />
      <h1>{text.h1}</h1>
      {query && <Listing path={match.pathname} query={query} base={base} own={own} />}
    </div>
  );
}

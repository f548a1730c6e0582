import { apiKeys } from "../../shared/api-keys";
import { filterKeys } from "../../shared/filter-keys";
import { shouldIndex } from "../../shared/indexing";
import { filterFormKeys, listingQuery, ownQuery } from "../../shared/listing";
import { pageData } from "../../shared/page-data";
import type { RouteMatch } from "../../shared/routes";
import { namedListingBase } from "../../shared/seo-filters";
import { FollowButton, searchOf } from "../components/alerts/FollowButton";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Filter } from "../components/catalogue/Filter";
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

/** The named listing's path (`moskva/studii`), empty for the whole catalogue. */
const pathOf = (match: RouteMatch) => (match.params["*"] ?? "").replace(/\/+$/, "");

/** The list and its form's lists; a named listing's text (an unknown name is a 404). */
export const data = pageData({
  keys(match) {
    const base = namedListingBase(match);
    const q = listingQuery(match, base);
    const path = pathOf(match);
    return {
      list: q ? filterKeys.complexes(q) : undefined,
      ...(base ? filterFormKeys(base, ownQuery(match.search).filter) : {}),
      seo: path ? apiKeys.seoFilter(path) : undefined,
    };
  },
});

export default function ListingPage({ match }: PageProps) {
  const path = pathOf(match);
  const keys = data.keys(match);
  const { data: seo } = useApi(keys.seo);
  const named = namedListingBase(match);
  const query = listingQuery(match, named);
  const base = named ?? {};
  const own = ownQuery(match.search).filter;
  const text = seo ?? DEFAULT;
  const page = query?.page ?? 1;
  return (
    <div className="page container">
      <PageHead
        title={page > 1 ? `${text.title} — страница ${page}` : text.title}
        description={text.description}
        canonical={match.pathname}
        noindex={!shouldIndex(named, match.search)}
      />
      <Breadcrumbs
        items={
          path
            ? [{ label: "Новостройки", to: "/novostroyki/" }, { label: text.h1 }]
            : [{ label: "Новостройки" }]
        }
      />
      <h1>{text.h1}</h1>
      <FollowButton follow={searchOf(match)} label="Сохранить поиск" />
      {query && keys.list && (
        <Listing path={match.pathname} query={query} list={keys.list} base={base} own={own} form={Filter} />
      )}
    </div>
  );
}

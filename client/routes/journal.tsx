import { apiKeys } from "../../shared/api-keys";
import { JOURNAL_PER_PAGE } from "../../shared/constants";
import { countOf, WORDS } from "../../shared/format";
import { elsewhere, pageData } from "../../shared/page-data";
import { href, type RouteMatch } from "../../shared/routes";
import type { MediaCategoriesGrid } from "../../shared/schemas/media";
import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs";
import { ArticleCard, articlePath } from "../components/journal/ArticleCard";
import { CategoryTabs } from "../components/journal/CategoryTabs";
import { PageHead } from "../components/PageHead";
import { Pagination } from "../components/Pagination";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

const TITLE = "Журнал о новостройках: ипотека, выбор ЖК, приёмка квартиры";
const DESCRIPTION = "Статьи для покупателей новостроек Москвы и Подмосковья.";

/** The category the URL names, by slug or id. */
const categoryOf = (match: RouteMatch, categories: MediaCategoriesGrid | undefined) =>
  categories?.data.find((c) => c.slug === match.params.category || String(c.id) === match.params.category);

/** The page's text, the categories and one page of a category's (or all) articles. */
export const data = pageData({
  keys: (match) => ({
    seo: apiKeys.page(match.pathname),
    categories: apiKeys.mediaCategories(),
    posts: apiKeys.mediaPosts({
      category: match.params.category,
      page: match.search.get("page"),
      per_page: JOURNAL_PER_PAGE,
    }),
  }),
  // A category named by its id moves to its slug.
  canonical: (match, { categories }) => {
    const category = categoryOf(match, categories);
    return category ? href("journal", { category: category.slug }) : null;
  },
  // No such category: an article's slug or id named as one moves to the article.
  elsewhere: (match, { categories }) => {
    const named = match.params.category;
    if (!named || !categories || categoryOf(match, categories)) return undefined;
    return elsewhere(apiKeys.mediaPost(named), articlePath);
  },
});

export default function JournalPage({ match }: PageProps) {
  const slug = match.params.category;
  const keys = data.keys(match);
  const seo = useApi(keys.seo);
  const categories = useApi(keys.categories);
  const posts = useApi(keys.posts);
  const error = seo.error ?? categories.error ?? posts.error;
  if (error) throw error;

  const category = categories.data?.data.find((c) => c.slug === slug);
  const grid = posts.data;
  const current = grid?.current_page ?? 1;
  const pageSuffix = current > 1 ? ` — страница ${current}` : "";
  const title = category ? `${category.name}: статьи о новостройках` : (seo.data?.seo?.title ?? TITLE);
  const description = category?.description ?? (seo.data?.seo?.description || DESCRIPTION);
  const crumbs: Crumb[] = category
    ? [{ label: "Журнал", to: href("journal") }, { label: category.name }]
    : [{ label: "Журнал" }];
  const hrefOf = (p: number) => href("journal", { category: slug }, { page: p > 1 ? p : undefined });

  return (
    <div className="page container">
      <PageHead title={`${title}${pageSuffix}`} description={description} canonical={hrefOf(current)} />
      <Breadcrumbs items={crumbs} />
      <h1>{category ? category.name : "Журнал"}</h1>
      <p className="page-intro">
        {category
          ? `${category.description} ${countOf(category.posts_count, WORDS.article)} в рубрике.`
          : "Ипотека, договор долевого участия, выбор ЖК, приёмка и ремонт — статьи для тех, кто покупает квартиру в новостройке."}
      </p>
      {categories.data && <CategoryTabs categories={categories.data.data} current={slug} />}
      {grid &&
        (grid.data.length ? (
          <ul className="card-grid card-grid--4">
            {grid.data.map((post) => (
              <li key={post.id}>
                <ArticleCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-note">В этой рубрике пока нет статей.</p>
        ))}
      {grid && <Pagination current={current} last={grid.last_page} hrefOf={hrefOf} />}
    </div>
  );
}

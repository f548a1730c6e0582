import { Navigate } from "react-router";
import { bannerOn } from "../../shared/ads";
import { apiKeys } from "../../shared/api-keys";
import { SITE_NAME } from "../../shared/constants";
import { pageData } from "../../shared/page-data";
import { href } from "../../shared/routes";
import type { MediaPost } from "../../shared/schemas/media";
import { AppLink } from "../components/AppLink";
import { AdSlot } from "../components/ads/Ads";
import { useAds } from "../components/ads/use-ads";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { JsonLd } from "../components/JsonLd";
import { ArticleBody } from "../components/journal/ArticleBody";
import { ArticleCard, articlePath } from "../components/journal/ArticleCard";
import { ArticleMeta } from "../components/journal/ArticleMeta";
import { CoverArt, coverSrc } from "../components/journal/CoverArt";
import { useCountView } from "../components/journal/use-count-view";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { useSiteOrigin } from "../hooks/use-boot";
import type { PageProps } from "../pages";

function articleJsonLd(post: MediaPost, path: string, origin: string) {
  const site = { "@type": "Organization", name: SITE_NAME, url: origin };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.lead,
    image: [`${origin}${coverSrc(post.id, post.category)}`],
    datePublished: post.published_at,
    dateModified: post.published_at,
    articleSection: post.category.name,
    keywords: post.tags.join(", "),
    inLanguage: "ru",
    author: site,
    publisher: site,
    mainEntityOfPage: `${origin}${path}`,
    url: `${origin}${path}`,
  };
}

/** The article, by the slug or id of its URL; any other URL of it (an id, another category) moves to its own. */
export const data = pageData({
  keys: (match) => ({ post: apiKeys.mediaPost(match.params.article ?? "") }),
  canonical: (_, { post }) => (post ? articlePath(post) : null),
});

export default function ArticlePage({ match }: PageProps) {
  const { data: post, error } = useApi(data.keys(match).post);
  useCountView(post?.id);
  const ads = useAds();
  const origin = useSiteOrigin();
  if (error) throw error;
  if (!post) return <div className="page container page-skeleton" />;

  const path = articlePath(post);
  // The worker answers such URLs with a 301; this covers a client-side navigation.
  if (path !== match.pathname) return <Navigate to={path} replace />;
  const categoryPath = href("journal", { category: post.category.slug });
  const contentAd = ads && bannerOn(ads.banners.content, path);

  return (
    <div className="page container">
      <PageHead title={post.title} description={post.lead} canonical={path} />
      <JsonLd data={articleJsonLd(post, path, origin)} />
      <Breadcrumbs
        items={[
          { label: "Журнал", to: href("journal") },
          { label: post.category.name, to: categoryPath },
          { label: post.title },
        ]}
      />
      <article className="article">
        <header>
          <AppLink to={categoryPath} className="article__category">
            {post.category.name}
          </AppLink>
          <h1>{post.title}</h1>
          <ArticleMeta post={post} views />
          <p className="article__lead">{post.lead}</p>
        </header>
        <CoverArt id={post.id} category={post.category} className="article__cover" eager />
        <ArticleBody
          blocks={post.body}
          ad={contentAd !== null && <AdSlot ad={contentAd} variant="content" />}
        />
        <ul className="article-tags" aria-label="Теги">
          {post.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      </article>
      {post.related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">Читайте также</h2>
          <ul className="card-grid">
            {post.related.map((r) => (
              <li key={r.id}>
                <ArticleCard post={r} heading="h3" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

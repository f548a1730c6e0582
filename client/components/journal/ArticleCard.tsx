import { href } from "../../../shared/routes";
import type { MediaPostCard } from "../../../shared/schemas/media";
import { AppLink } from "../AppLink";
import { ArticleMeta } from "./ArticleMeta";
import { CoverArt } from "./CoverArt";
import "./journal.css";

export const articlePath = (post: { slug: string; category: { slug: string } }) =>
  href("journal-article", { category: post.category.slug, article: post.slug });

/** A card of the journal list and of the related articles; the whole card is the link's target. */
export function ArticleCard({
  post,
  heading: Heading = "h2",
}: {
  post: MediaPostCard;
  heading?: "h2" | "h3";
}) {
  return (
    <article className="article-card">
      <CoverArt id={post.id} category={post.category} className="article-card__cover" />
      <div className="article-card__body">
        <p className="article-card__category">{post.category.name}</p>
        <Heading className="article-card__title">
          <AppLink to={articlePath(post)} className="article-card__link">
            {post.title}
          </AppLink>
        </Heading>
        <p className="article-card__lead">{post.lead}</p>
        <ArticleMeta post={post} className="article-card__meta" />
      </div>
    </article>
  );
}

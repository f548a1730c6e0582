/** The journal: categories, articles and their calls (media/posts/*, media/categories/*). */
import * as v from "valibot";
import { PER_PAGE_DEFAULT } from "../constants";
import { IdOrSlugSchema, paginated, paginationEntries } from "./grid";

export const MediaPostsQuerySchema = v.object({
  ...paginationEntries(PER_PAGE_DEFAULT),
  "search[category]": v.optional(IdOrSlugSchema),
  /** The category by its number alone: anything else is a 400, never a silently unfiltered list. */
  "search[category_id]": v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, "ожидается номер рубрики: целое число от 1 до 999 999 999")),
  ),
});
export type MediaPostsQuery = v.InferOutput<typeof MediaPostsQuerySchema>;

export const MediaCategoriesQuerySchema = v.object(paginationEntries(PER_PAGE_DEFAULT));
export type MediaCategoriesQuery = v.InferOutput<typeof MediaCategoriesQuerySchema>;

export const MediaCategorySchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  posts_count: v.number(),
});
export type MediaCategory = v.InferOutput<typeof MediaCategorySchema>;

const CategoryRefSchema = v.object({ id: v.number(), slug: v.string(), name: v.string() });

/** An article as a card: what the list and the related articles show. */
export const MediaPostCardSchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  lead: v.string(),
  /** ISO date-time with the Moscow offset. */
  published_at: v.string(),
  reading_minutes: v.number(),
  views: v.number(),
  category: CategoryRefSchema,
});
export type MediaPostCard = v.InferOutput<typeof MediaPostCardSchema>;

/** A block of an article body (stored as a JSON array in media_posts.body). */
export const ArticleBlockSchema = v.variant("type", [
  v.object({ type: v.literal("p"), text: v.string() }),
  v.object({ type: v.literal("h2"), text: v.string() }),
  v.object({ type: v.literal("ul"), items: v.array(v.string()) }),
  v.object({ type: v.literal("ol"), items: v.array(v.string()) }),
  v.object({ type: v.literal("quote"), text: v.string() }),
  v.object({ type: v.literal("table"), head: v.array(v.string()), rows: v.array(v.array(v.string())) }),
]);
export type ArticleBlock = v.InferOutput<typeof ArticleBlockSchema>;

export const MediaPostSchema = v.object({
  ...MediaPostCardSchema.entries,
  tags: v.array(v.string()),
  body: v.array(ArticleBlockSchema),
  /** 3 articles of the same category, the nearest in date first. */
  related: v.array(MediaPostCardSchema),
});
export type MediaPost = v.InferOutput<typeof MediaPostSchema>;

export const MediaPostsGridSchema = paginated(MediaPostCardSchema);
export type MediaPostsGrid = v.InferOutput<typeof MediaPostsGridSchema>;

export const MediaCategoriesGridSchema = paginated(MediaCategorySchema);
export type MediaCategoriesGrid = v.InferOutput<typeof MediaCategoriesGridSchema>;

import type {
  ArticleBlock,
  MediaCategoriesGrid,
  MediaCategoriesQuery,
  MediaCategory,
  MediaPost,
  MediaPostCard,
  MediaPostsGrid,
  MediaPostsQuery,
} from "../../shared/schemas/media";
import {
  addMediaPostViews,
  countMediaPosts,
  getMediaCategory,
  getMediaPost,
  listMediaCategories,
  listMediaPosts,
  listRelatedMediaPosts,
  type MediaPostCardRow,
} from "../db/queries/media";
import type { Deps } from "./deps";
import { offsetOf, onlySort, pageMeta } from "./pagination";

const RELATED = 3;

const toCard = (r: MediaPostCardRow): MediaPostCard => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  lead: r.lead,
  published_at: r.published_at,
  reading_minutes: r.reading_minutes,
  views: r.views,
  category: { id: r.category_id, slug: r.category_slug, name: r.category_name },
});

/** Newest first, optionally of one category; null for an unknown category or a page past the last. */
export async function loadMediaPosts(deps: Deps, query: MediaPostsQuery): Promise<MediaPostsGrid | null> {
  const wanted = query["search[category]"] ?? query["search[category_id]"];
  const category = wanted ? await getMediaCategory(deps.db, wanted) : null;
  if (wanted && !category) return null;
  const categoryId = category?.id ?? null;
  const [total, rows] = await Promise.all([
    countMediaPosts(deps.db, categoryId),
    listMediaPosts(deps.db, categoryId, query.per_page, offsetOf(query)),
  ]);
  const meta = pageMeta(total, query, onlySort("published_at desc"));
  return meta && { data: rows.map(toCard), ...meta };
}

export async function loadMediaPost(deps: Deps, idOrSlug: string): Promise<MediaPost | null> {
  const [row, related] = await Promise.all([
    getMediaPost(deps.db, idOrSlug),
    listRelatedMediaPosts(deps.db, idOrSlug, RELATED),
  ]);
  if (!row) return null;
  return {
    ...toCard(row),
    tags: JSON.parse(row.tags) as string[],
    body: JSON.parse(row.body) as ArticleBlock[],
    related: related.map(toCard),
  };
}

/** Counts a view (a bot's is not counted); false when there is no such article. */
export function recordMediaPostView(deps: Deps, idOrSlug: string, counted: boolean): Promise<boolean> {
  return addMediaPostViews(deps.db, idOrSlug, counted ? 1 : 0);
}

export async function loadMediaCategories(
  deps: Deps,
  query: MediaCategoriesQuery,
): Promise<MediaCategoriesGrid | null> {
  const all = await listMediaCategories(deps.db);
  const meta = pageMeta(all.length, query, onlySort("position asc"));
  const offset = offsetOf(query);
  return meta && { data: all.slice(offset, offset + query.per_page), ...meta };
}

export function loadMediaCategory(deps: Deps, idOrSlug: string): Promise<MediaCategory | null> {
  return getMediaCategory(deps.db, idOrSlug);
}

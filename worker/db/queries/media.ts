export interface MediaCategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  posts_count: number;
}

export interface MediaPostCardRow {
  id: number;
  slug: string;
  title: string;
  lead: string;
  published_at: string;
  reading_minutes: number;
  views: number;
  category_id: number;
  category_slug: string;
  category_name: string;
}

export interface MediaPostRow extends MediaPostCardRow {
  /** JSON arrays. */
  body: string;
  tags: string;
}

const CARD_COLUMNS = `p.id, p.slug, p.title, p.lead, p.published_at, p.reading_minutes, p.views,
  c.id AS category_id, c.slug AS category_slug, c.name AS category_name`;

export async function listMediaCategories(db: D1Database): Promise<MediaCategoryRow[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.slug, c.name, c.description,
         (SELECT count(*) FROM media_posts p WHERE p.category_id = c.id) AS posts_count
       FROM media_categories c ORDER BY c.sort, c.id`,
    )
    .all<MediaCategoryRow>();
  return results;
}

/** By the numeric id or the slug (a text id compares equal to the integer key). */
export function getMediaCategory(db: D1Database, idOrSlug: string): Promise<MediaCategoryRow | null> {
  return db
    .prepare(
      `SELECT c.id, c.slug, c.name, c.description,
         (SELECT count(*) FROM media_posts p WHERE p.category_id = c.id) AS posts_count
       FROM media_categories c WHERE c.id = ?1 OR c.slug = ?1`,
    )
    .bind(idOrSlug)
    .first<MediaCategoryRow>();
}

/** Newest first; all categories when categoryId is null. */
export async function listMediaPosts(
  db: D1Database,
  categoryId: number | null,
  limit: number,
  offset: number,
): Promise<MediaPostCardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM media_posts p JOIN media_categories c ON c.id = p.category_id
       WHERE ?1 IS NULL OR p.category_id = ?1
       ORDER BY p.published_at DESC, p.id DESC LIMIT ?2 OFFSET ?3`,
    )
    .bind(categoryId, limit, offset)
    .all<MediaPostCardRow>();
  return results;
}

export async function countMediaPosts(db: D1Database, categoryId: number | null): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM media_posts WHERE ?1 IS NULL OR category_id = ?1")
    .bind(categoryId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export function getMediaPost(db: D1Database, idOrSlug: string): Promise<MediaPostRow | null> {
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS}, p.body, p.tags FROM media_posts p
       JOIN media_categories c ON c.id = p.category_id WHERE p.id = ?1 OR p.slug = ?1`,
    )
    .bind(idOrSlug)
    .first<MediaPostRow>();
}

/**
 * Other articles of the category of article `idOrSlug`, the nearest in publication date first: read by the
 * article's id or slug, so they come in the same round as the article itself.
 */
export async function listRelatedMediaPosts(
  db: D1Database,
  idOrSlug: string,
  limit: number,
): Promise<MediaPostCardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM media_posts me
       JOIN media_posts p ON p.category_id = me.category_id AND p.id <> me.id
       JOIN media_categories c ON c.id = p.category_id
       WHERE me.id = (SELECT id FROM media_posts WHERE id = ?1 OR slug = ?1)
       ORDER BY abs(julianday(p.published_at) - julianday(me.published_at)), p.id LIMIT ?2`,
    )
    .bind(idOrSlug, limit)
    .all<MediaPostCardRow>();
  return results;
}

/** Adds `by` views (0 for a bot: the article must exist all the same); false when there is no such article. */
export async function addMediaPostViews(db: D1Database, idOrSlug: string, by: number): Promise<boolean> {
  const { meta } = await db
    .prepare("UPDATE media_posts SET views = views + ?2 WHERE id = ?1 OR slug = ?1")
    .bind(idOrSlug, by)
    .run();
  return meta.changes > 0;
}

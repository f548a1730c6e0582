export interface PageRow {
  url: string;
  title: string;
  description: string;
  h1: string | null;
  text: string;
}

export function getPageByUrl(db: D1Database, url: string): Promise<PageRow | null> {
  return db
    .prepare("SELECT url, title, description, h1, text FROM pages WHERE url = ?1")
    .bind(url)
    .first<PageRow>();
}

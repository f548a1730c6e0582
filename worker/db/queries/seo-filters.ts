export interface SeoFilterRow {
  id: number;
  path: string;
  title: string;
  h1: string;
  description: string;
  filter: string;
}

export function getSeoFilter(db: D1Database, pathOrId: string | number): Promise<SeoFilterRow | null> {
  const column = typeof pathOrId === "number" ? "id" : "path";
  return db.prepare(`SELECT * FROM seo_filters WHERE ${column} = ?1`).bind(pathOrId).first<SeoFilterRow>();
}

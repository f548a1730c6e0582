import type { D1Database } from "@cloudflare/workers-types/latest";

export interface AdvertRow {
  id: number;
  type: "tgb" | "sidebar" | "gallery";
  position: string | null;
  complex_id: number | null;
  title: string;
  text: string;
  url: string;
  is_real: number;
  advertiser: string;
  advertiser_inn: string;
  erid: string;
  color: string;
}

export async function listActiveAdverts(db: D1Database): Promise<AdvertRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, type, position, complex_id, title, text, url, is_real, advertiser, advertiser_inn, erid, color
       FROM adverts WHERE is_active = 1 ORDER BY id`,
    )
    .all<AdvertRow>();
  return results;
}

/** What adverts and banners share: the ad, who answers for it, and the advertised complex to draw. */
interface AdRow {
  id: number;
  /** The advertised complex's page when the ad has a complex, else the ad's own url. */
  url: string;
  title: string;
  text: string;
  position: string | null;
  disclaimer_title: string;
  disclaimer_text: string;
  developer: string;
  advertiser: string;
  advertiser_inn: string;
  erid: string;
  color: string;
  complex_id: number | null;
  complex_class: number | null;
  complex_floors: number | null;
}

export interface AdvertRow extends AdRow {
  type: "tgb" | "sidebar" | "gallery";
  is_real: number;
}

export interface BannerRow extends AdRow {
  kind: "top" | "filter" | "menu" | "content";
  route: string | null;
  description: string;
}

const COMPLEX = `COALESCE('/novostroyki/' || rc.slug || '/', ad.url) AS url, rc.id AS complex_id,
  rc.class AS complex_class, rc.floors_max AS complex_floors`;

export async function listActiveAdverts(db: D1Database): Promise<AdvertRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ad.id, ad.type, ad.position, ad.title, ad.text, ad.is_real, ad.title AS disclaimer_title,
         ad.disclaimer_text, ad.developer, ad.advertiser, ad.advertiser_inn, ad.erid, ad.color, ${COMPLEX}
       FROM adverts ad LEFT JOIN residential_complexes rc ON rc.id = ad.complex_id
       WHERE ad.is_active = 1 ORDER BY ad.id`,
    )
    .all<AdvertRow>();
  return results;
}

/** The active banners, the newest of each kind first. */
export async function listActiveBanners(db: D1Database): Promise<BannerRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ad.id, ad.kind, ad.position, ad.title, ad.text, ad.route, ad.description, ad.disclaimer_title,
         ad.disclaimer_text, ad.developer, ad.advertiser, ad.advertiser_inn, ad.erid, ad.color, ${COMPLEX}
       FROM banners ad LEFT JOIN residential_complexes rc ON rc.id = ad.complex_id
       WHERE ad.is_active = 1 ORDER BY ad.id DESC`,
    )
    .all<BannerRow>();
  return results;
}

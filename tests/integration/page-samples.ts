/**
 * One URL of every page type (every route of shared/routes.ts, the 404 page too), from the seed: the tests that
 * must hold on every page (the HTML's accessibility, the structured data, the images) walk these. A route added
 * to shared/routes.ts without a sample here fails `everyRouteSampled`.
 */
import { env } from "cloudflare:test";
import { matchRoute, ROUTES } from "../../shared/routes";

async function one<T>(sql: string): Promise<T> {
  const row = await env.DB.prepare(sql).first<T>();
  if (!row) throw new Error(`the seed has no row for: ${sql}`);
  return row;
}

/** Page type → a URL of it that answers 200 (but «404», which answers 404). */
export async function pageSamples(): Promise<Record<string, string>> {
  const complex = await one<{ id: number; slug: string }>(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  );
  const apartment = await one<{ id: number }>(
    `SELECT id FROM living_objects WHERE complex_id = ${complex.id} AND status = 1 ORDER BY id LIMIT 1`,
  );
  const post = await one<{ slug: string; category: string }>(
    "SELECT p.slug, c.slug AS category FROM media_posts p JOIN media_categories c ON c.id = p.category_id ORDER BY p.id LIMIT 1",
  );
  const company = await one<{ slug: string }>(
    "SELECT slug FROM companies WHERE type = 'developer' AND complexes_total > 0 ORDER BY id LIMIT 1",
  );
  const station = await one<{ slug: string }>(
    `SELECT s.slug FROM subway_stations s JOIN complex_stations cs ON cs.station_id = s.id
     WHERE s.kind = 'metro' GROUP BY s.id ORDER BY count(*) DESC, s.id LIMIT 1`,
  );
  return {
    home: "/",
    ad: "/ad/",
    "risk-method": "/riski-perenosa/",
    companies: "/companies/",
    "companies-type": "/companies/developers/",
    company: `/companies/developers/${company.slug}/`,
    contacts: "/contacts/",
    "data-processing-agreement": "/data-processing-agreement/",
    mortgage: "/mortgage/",
    policy: "/policy/",
    special: "/special/",
    "terms-of-service": "/terms-of-service/",
    "test-modal": "/test-modal/",
    lead: `/zayavka/?complex=${complex.id}`,
    favorites: "/izbrannoe/",
    compare: `/sravnenie/?ids=${apartment.id}`,
    search: "/poisk/?q=%D1%81%D0%BE%D0%BA%D0%BE%D0%BB",
    commute: "/vremya-v-puti/",
    "listing (commute)": "/novostroyki/?commute_to=10&commute_max=45",
    "apartments-complex": `/kvartiry/novostroyka/${complex.slug}/`,
    apartments: "/kvartiry/",
    apartment: `/kvartiry/kvartira-${apartment.id}/`,
    journal: "/journal/",
    "journal (category)": `/journal/${post.category}/`,
    "journal-article": `/journal/${post.category}/${post.slug}/`,
    complex: `/novostroyki/${complex.slug}/`,
    map: "/novostroyki/na-karte/",
    listing: "/novostroyki/",
    "listing (named)": "/novostroyki/moskva/",
    "by-location-type": "/po-metro/",
    "by-location-type-slug": `/po-metro/${station.slug}/`,
    "404": "/net-takoy-stranicy/",
  };
}

/** The routes no sample stands for: the operator's pages are behind a sign-in and carry none of the site. */
const UNSAMPLED = new Set(["operator"]);

/** The route names of shared/routes.ts that no sample URL matches (none, or a test's samples are stale). */
export function unsampledRoutes(samples: Record<string, string>): string[] {
  const matched = new Set(
    Object.values(samples).map((url) => {
      const u = new URL(url, "http://localhost");
      return matchRoute(u.pathname, u.search)?.route.name;
    }),
  );
  return ROUTES.map((r) => r.name).filter((name) => !matched.has(name) && !UNSAMPLED.has(name));
}

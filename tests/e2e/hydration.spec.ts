/**
 * A page's data comes with the page (issue #19): every page type is rendered by the server and hydrated in
 * Chromium with the network watched, and the hydrated page asks the API for nothing: the component reads the
 * keys its route module declared, which the server resolved and handed over. A key built differently on the
 * two sides would show here as a request (and usually as a hydration error, which is checked too).
 */
import { expect, type Page, test } from "@playwright/test";
import type { ComplexDetail, ComplexList, LivingObjectList } from "../../shared/schemas/catalogue";
import type { CompaniesGrid } from "../../shared/schemas/companies";
import type { LocationItem } from "../../shared/schemas/locations";
import type { MediaPostsGrid } from "../../shared/schemas/media";
import { hydrated } from "./helpers";

/**
 * What a page may ask for once hydrated, by design: the map page loads its points (for closer zooms) after
 * hydration, so that its first render is the server's clusters; an article counts its view (a write the
 * visit makes, not data the page reads).
 */
const AFTER_HYDRATION: Record<string, RegExp> = {
  map: /^GET \/api\/v1\/residential-complexes\/map(\?|$)/,
  article: /^POST \/api\/v1\/media\/posts\/\d+\/view$/,
};

async function json<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** One URL of each page type, some read from the API (a complex with stations, so its map has points). */
async function pageUrls(page: Page): Promise<Record<string, string>> {
  const grid = await json<ComplexList>(page, "/api/v1/residential-complexes/grid?per_page=50");
  const card = grid.data.find((c) => c.stations.length > 1) ?? grid.data[0];
  if (!card) throw new Error("the catalogue is empty");
  const complex = await json<ComplexDetail>(page, `/api/v1/residential-complexes/${card.id}`);
  const flats = await json<LivingObjectList>(
    page,
    `/api/v1/living-objects/grid?search[residential_complex_id]=${complex.id}&per_page=1`,
  );
  const flat = flats.data[0];
  const posts = await json<MediaPostsGrid>(page, "/api/v1/media/posts/grid?per_page=1");
  const post = posts.data[0];
  const companies = await json<CompaniesGrid>(
    page,
    "/api/v1/companies/grid?search[type]=developer&per_page=1",
  );
  const company = companies.data[0];
  const metro = await json<{ data: LocationItem[] }>(page, "/api/v1/locations/subways/grid?kind=metro");
  const station = metro.data.find((s) => s.rc_count > 0);
  const towns = await json<{ data: LocationItem[] }>(
    page,
    "/api/v1/locations/localities/grid?search[region_id]=1",
  );
  const town = towns.data.find((l) => l.rc_count > 0);
  if (!flat || !post || !company || !station || !town) throw new Error("the seed lacks a page's data");
  return {
    home: "/",
    listing: "/novostroyki/?rooms=2",
    "listing (named)": "/novostroyki/moskva/",
    // The form's cascade: the regions' localities and the chosen localities' stations.
    "listing (cascade)": `/novostroyki/?regions=1&localities=${town.id}`,
    map: "/novostroyki/na-karte/",
    "location-type": "/po-metro/",
    location: `/po-metro/${station.slug}/`,
    complex: complex.url,
    "complex (chessboard)": `${complex.url}?korpus=${complex.houses[0]?.id}`,
    apartments: "/kvartiry/",
    "apartments (rooms)": "/kvartiry/dvuhkomnatnye/",
    "apartments (complex)": `/kvartiry/novostroyka/${complex.slug}/`,
    apartment: flat.url,
    "lead (complex)": `/zayavka/?complex=${complex.id}&kind=callback`,
    "lead (apartment)": `/zayavka/?kvartira=${flat.id}&kind=callback`,
    journal: "/journal/",
    article: `/journal/${post.category.slug}/${post.slug}/`,
    companies: "/companies/",
    "companies-type": "/companies/developers/",
    company: `/companies/developers/${company.slug}/`,
    special: "/special/",
    contacts: "/contacts/",
    legal: "/policy/",
    mortgage: "/mortgage/",
    favorites: "/izbrannoe/",
    ad: "/ad/",
  };
}

test("no page type asks the API for anything while it hydrates", async ({ page }) => {
  // Two dozen pages, each until its network is quiet.
  test.setTimeout(240_000);
  const urls = await pageUrls(page);
  const asked: string[] = [];
  const errors: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/")) asked.push(`${req.method()} ${url.pathname}${url.search}`);
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const found: Record<string, string[]> = {};
  for (const [type, url] of Object.entries(urls)) {
    asked.length = 0;
    errors.length = 0;
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await hydrated(page);
    // Whatever the hydrated page's effects ask for has been asked once the network is quiet.
    await page.waitForLoadState("networkidle");
    const allowed = AFTER_HYDRATION[type];
    found[type] = [...asked.filter((r) => !allowed?.test(r)), ...errors];
  }
  expect(found).toEqual(Object.fromEntries(Object.keys(urls).map((type) => [type, []])));
});

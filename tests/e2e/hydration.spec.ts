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
import { apiJson, hydrated } from "./helpers";

/**
 * What a page may ask for once hydrated, by design: an article counts its view (a write the
 * visit makes, not data the page reads); the comparison without ids shows this browser's stored list, which
 * the server cannot know (like the favourites), so the browser asks for those apartments.
 */
const AFTER_HYDRATION: Record<string, RegExp> = {
  article: /^POST \/api\/v1\/media\/posts\/\d+\/view$/,
  "compare (this browser's list)": /^GET \/api\/v1\/living-objects\/by-ids\?ids=\d+(%2C\d+)*$/,
};

interface Visit {
  url: string;
  /** What this browser has stored (localStorage) when it visits; nothing by default. */
  stored?: Record<string, string>;
}

/** One URL of each page type, some read from the API (a complex with stations, so its map has points). */
async function pageVisits(page: Page): Promise<Record<string, Visit>> {
  const grid = await apiJson<ComplexList>(page, "/api/v1/residential-complexes/grid?per_page=50");
  const card = grid.data.find((c) => c.stations.length > 1) ?? grid.data[0];
  if (!card) throw new Error("the catalogue is empty");
  const complex = await apiJson<ComplexDetail>(page, `/api/v1/residential-complexes/${card.id}`);
  const flats = await apiJson<LivingObjectList>(
    page,
    `/api/v1/living-objects/grid?search[residential_complex_id]=${complex.id}&per_page=2`,
  );
  const [flat, other] = flats.data;
  const posts = await apiJson<MediaPostsGrid>(page, "/api/v1/media/posts/grid?per_page=1");
  const post = posts.data[0];
  const companies = await apiJson<CompaniesGrid>(
    page,
    "/api/v1/companies/grid?search[type]=developer&per_page=1",
  );
  const company = companies.data[0];
  const metro = await apiJson<{ data: LocationItem[] }>(page, "/api/v1/locations/subways/grid?kind=metro");
  const station = metro.data.find((s) => s.rc_count > 0);
  const towns = await apiJson<{ data: LocationItem[] }>(
    page,
    "/api/v1/locations/localities/grid?search[region_id]=1",
  );
  const town = towns.data.find((l) => l.rc_count > 0);
  if (!flat || !other || !post || !company || !station || !town) {
    throw new Error("the seed lacks a page's data");
  }
  const urls: Record<string, string> = {
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
    compare: `/sravnenie/?ids=${flat.id},${other.id}`,
    ad: "/ad/",
    "listing (commute)": "/novostroyki/?commute_to=10&commute_max=45",
    commute: "/vremya-v-puti/",
    "risk-method": "/riski-perenosa/",
  };
  return {
    ...Object.fromEntries(Object.entries(urls).map(([type, url]) => [type, { url }])),
    "compare (this browser's list)": {
      url: "/sravnenie/",
      stored: { "compare:apartments": JSON.stringify([flat.id, other.id]) },
    },
  };
}

test("no page type asks the API for anything while it hydrates", async ({ page }) => {
  // Two dozen pages, each until its network is quiet.
  test.setTimeout(240_000);
  const visits = await pageVisits(page);
  // Each API request is counted against the page that asked (its Referer: the site sends the full URL to
  // itself), not the one being visited when it shows: under load a page's request after its network went
  // quiet (the map's points) comes as the next page loads.
  const asked = new Map<string, string[]>();
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith("/api/")) return;
    const referer = req.headers().referer;
    const from = referer ? new URL(referer) : undefined;
    const key = from ? from.pathname + from.search : "(no Referer)";
    asked.set(key, [...(asked.get(key) ?? []), `${req.method()} ${url.pathname}${url.search}`]);
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const found: Record<string, string[]> = {};
  // As each page loads (before its scripts), this browser's storage holds what its visit says, else nothing.
  const storedByUrl = Object.fromEntries(Object.values(visits).map((v) => [v.url, v.stored ?? {}]));
  await page.addInitScript((byUrl: Record<string, Record<string, string>>) => {
    if (window.top !== window) return; // the page's own frames (a sandboxed ad) have no storage
    localStorage.clear();
    const stored = byUrl[location.pathname + location.search] ?? {};
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  }, storedByUrl);
  const visited: [type: string, page: string][] = [];
  for (const [type, { url }] of Object.entries(visits)) {
    errors.length = 0;
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await hydrated(page);
    // Whatever the hydrated page's effects ask for has been asked once the network is quiet.
    await page.waitForLoadState("networkidle");
    const at = new URL(page.url());
    visited.push([type, at.pathname + at.search]);
    found[type] = [...errors];
  }
  for (const [type, key] of visited) {
    const allowed = AFTER_HYDRATION[type];
    found[type] = [...(asked.get(key) ?? []).filter((r) => !allowed?.test(r)), ...(found[type] ?? [])];
  }
  // A request without a Referer would be counted against no page.
  expect(asked.get("(no Referer)") ?? []).toEqual([]);
  expect(found).toEqual(Object.fromEntries(Object.keys(visits).map((type) => [type, []])));
});

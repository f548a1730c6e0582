/**
 * The lazy parts (client/pages.ts lazyPart) are in the server's first HTML: a person's page (its head first,
 * then the page) carries each part's content inline, with no Suspense boundary left to the browser to fill in,
 * so the page reads without JavaScript and hydration starts from the server's HTML.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { LivingObjectList } from "../../shared/schemas/catalogue";
import { get, getJson } from "./helpers";

/** A complex with apartments on sale, and one of them. */
let complexUrl: string;
let apartmentUrl: string;

beforeAll(async () => {
  const row = await env.DB.prepare(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  ).first<{ id: number; slug: string }>();
  if (!row) throw new Error("the seed has no complexes");
  complexUrl = `/novostroyki/${row.slug}/`;
  const list = await getJson<LivingObjectList>(
    `/api/v1/living-objects/grid?search[residential_complex_id]=${row.id}&per_page=1`,
  );
  const first = list.body.data[0];
  if (!first) throw new Error("the complex has no apartments");
  apartmentUrl = first.url;
});

/** Each page with what its lazy parts render. */
const PAGES: [name: string, path: () => string, parts: string[]][] = [
  // The map (CatalogueMap) and its base drawing (BaseGeometry): the metro lines and the towns.
  [
    "map",
    () => "/novostroyki/na-karte/",
    ['class="cmap__frame"', 'class="cmap__line ', 'class="cmap__town', 'class="filter-bar"'],
  ],
  // The catalogue's pages: the filter form (FilterForm), the map's included, and the list's body (ListingBody:
  // the cards, the ads beside and between them, the page links).
  [
    "listing",
    () => "/novostroyki/moskva/",
    ['class="filter-bar"', "Все фильтры", 'name="max_price"', 'data-part="listing"', 'class="listing-card"'],
  ],
  [
    "location",
    () => "/po-metro/sokol/",
    ['class="filter-bar"', 'class="listing-card"', 'class="ad-sidebar"'],
  ],
  ["legal", () => "/policy/", ["Общие положения", 'class="legal__toc"']],
  [
    "mortgage",
    () => "/mortgage/",
    ["График платежей по годам кредита", "Программы ипотеки и их условия", "Подобрать квартиру за 1 минуту"],
  ],
  // The list and what follows it (HomeList), its body (ListingBody, its cards' hearts included), and the
  // header's «Новостройки» menu (HEADER_DROPDOWN, on every page).
  [
    "home",
    () => "/",
    [
      'data-part="home-list"',
      'data-part="listing"',
      'class="listing-card__like',
      "Популярные страницы",
      "О каталоге",
      'class="dropdown__columns"',
      "Реклама на сайте",
    ],
  ],
  [
    "complex",
    () => complexUrl,
    [
      'data-part="gallery"',
      '"@type":["ApartmentComplex","Product"]',
      'data-part="lead-actions"><div class="lead-actions"',
      'class="cx-facts"',
      'class="room-groups"',
      'class="apt-list"',
      'class="house-tabs"',
      'class="mortgage-snippet"',
      'class="location-map"',
      'class="cx-popular__list"',
    ],
  ],
  [
    "apartment",
    () => apartmentUrl,
    ["Ипотека на эту квартиру", 'class="mortgage-snippet"', 'class="plan-figure"', 'class="apt-toggles"'],
  ],
];

describe("lazy parts are rendered by the server", () => {
  it.each(PAGES)("%s", async (_, path, parts) => {
    const res = await get(path());
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const part of parts) expect(html, part).toContain(part);
    // A boundary still pending (`<!--$?-->`) or left to the client (`<!--$!-->`) would be a part missing.
    expect(html).not.toContain("<!--$?-->");
    expect(html).not.toContain("<!--$!-->");
  });
});

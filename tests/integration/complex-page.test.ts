import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../shared/format";
import type {
  ComplexDetail,
  HouseStats,
  LivingObject,
  LivingObjectList,
} from "../../shared/schemas/catalogue";
import { get, getJson, scriptNonces } from "./helpers";

interface Row {
  id: number;
  slug: string;
}

/** The complex with the most apartments on sale, its API answer, and an apartment of it. */
let complex: ComplexDetail;
let apartment: LivingObject;

beforeAll(async () => {
  const row = await env.DB.prepare(
    "SELECT id, slug FROM residential_complexes WHERE is_published = 1 ORDER BY apartments_on_sale DESC, id LIMIT 1",
  ).first<Row>();
  if (!row) throw new Error("the seed has no complexes");
  complex = (await getJson<ComplexDetail>(`/api/v1/residential-complexes/${row.id}`)).body;
  const list = await getJson<LivingObjectList>(
    `/api/v1/living-objects/grid?search[residential_complex_id]=${row.id}&per_page=1`,
  );
  const first = list.body.data[0];
  if (!first) throw new Error("the complex has no apartments on sale");
  apartment = first;
});

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
}

const typeOf = (block: Record<string, unknown>) => [block["@type"]].flat();

describe("the complex page", () => {
  it("renders the complex for a visitor, with every script carrying the nonce", async () => {
    const res = await get(complex.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>ЖК «${complex.name}»</h1>`);
    expect(html).toContain(complex.address);
    expect(html).toContain(`href="/companies/developers/${complex.developer.slug}/"`);
    expect(html).toContain(`<link rel="canonical" href="https://novostroyki.example${complex.url}"/>`);
    for (const house of complex.houses) expect(html).toContain(house.name);
    const { scripts, nonces } = scriptNonces(html);
    expect(scripts).toBeGreaterThan(2);
    expect(new Set(nonces).size).toBe(1);
    expect(nonces[0]).toBeTruthy();
  });

  it("gives a bot the complete document: apartments, similar and the developer's complexes, the map", async () => {
    const res = await get(complex.url, { bot: true });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    expect(html).toContain(formatPrice(apartment.price));
    expect(html).toContain(`href="${apartment.url}"`);
    expect(html).toContain("Похожие ЖК");
    const developer = await getJson<{ data: { id: number }[] }>(
      `/api/v1/residential-complexes/grid?search[developers]=${complex.developer.id}&per_page=7`,
    );
    if (developer.body.data.some((c) => c.id !== complex.id)) {
      expect(html).toContain(`Другие ЖК застройщика ${complex.developer.name}`);
    }
    // The schematic map has every station's marker, from the coordinates resolved on the server.
    const map = /<svg class="location-map"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    for (const s of complex.stations) expect(map).toContain(s.name);
  });

  it("describes the complex in JSON-LD that matches the data", async () => {
    const html = await (await get(complex.url, { bot: true })).text();
    const blocks = jsonLd(html);
    const residence = blocks.find((b) => typeOf(b).includes("ApartmentComplex"));
    expect(residence).toMatchObject({
      "@context": "https://schema.org",
      name: `ЖК «${complex.name}»`,
      geo: { latitude: complex.lat, longitude: complex.lng },
      offers: {
        "@type": "AggregateOffer",
        lowPrice: complex.min_price,
        highPrice: complex.max_price,
        offerCount: complex.apartments_on_sale,
        priceCurrency: "RUB",
      },
    });
    const crumbs = blocks.find((b) => typeOf(b).includes("BreadcrumbList"));
    const items = (crumbs?.itemListElement ?? []) as { name: string }[];
    const names = items.map((i) => i.name);
    expect(names).toEqual(["Главная", "Новостройки", complex.region, `ЖК «${complex.name}»`]);
  });

  it("moves a URL whose text differs from the complex's to its canonical URL, keeping the query", async () => {
    const res = await get(`/novostroyki/zhk-staroe-nazvanie-${complex.id}/?rooms=2#x`);
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", "http://localhost").href).toBe(
      `http://localhost${complex.url}?rooms=2`,
    );
    expect((await get(complex.url)).status).toBe(200);
  });

  it("is a 404 for an unknown id", async () => {
    const unknown = await get("/novostroyki/zhk-nichego-999999999/");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("404. Страница не найдена");
  });

  it("shows the complex with a note, not a 404, for a house that is not the complex's", async () => {
    const res = await get(`${complex.url}?korpus=999999999`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>ЖК «${complex.name}»</h1>`);
    expect(html).toContain("В этом ЖК нет корпуса с номером 999999999: выберите корпус из списка выше");
    expect(html).not.toContain('class="cx-chess__table');
  });

  it("renders the chosen house's chessboard, every apartment a link with its status", async () => {
    const house = complex.houses[0];
    if (!house) throw new Error("the complex has no houses");
    const stats = await getJson<HouseStats>(
      `/api/v1/residential-complexes/${complex.id}/get-house-stats?house_id=${house.id}`,
    );
    const html = await (await get(`${complex.url}?korpus=${house.id}`)).text();
    const board = /<table class="cx-chess__table[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    const cells = stats.body.floors.flatMap((f) => f.cells);
    expect(board.match(/<a [^>]*class="cx-chess__cell /g)).toHaveLength(cells.length);
    const sold = cells.filter((c) => c.status === 3).length;
    expect(board.match(/cx-chess__cell--sold/g) ?? []).toHaveLength(sold);
    expect(html).toContain(`В продаже<!-- --> — ${stats.body.counts.on_sale}`);
  });

  it("filters the apartments from a GET form's query, repeated names included", async () => {
    // The form's repeated names move to the canonical address, which lists them.
    const submitted = await get(`${complex.url}?rooms=2&rooms=3&sort=price%20desc`);
    expect(submitted.status).toBe(301);
    expect(submitted.headers.get("Location")).toBe(`${complex.url}?rooms=2,3&sort=price+desc`);
    const html = await (await get(`${complex.url}?rooms=2,3&sort=price+desc`)).text();
    const api = await getJson<LivingObjectList>(
      `/api/v1/living-objects/grid?search[residential_complex_id]=${complex.id}&search[rooms]=2,3&sort=price%20desc&per_page=10`,
    );
    expect(api.status).toBe(200);
    for (const a of api.body.data) expect(html).toContain(`href="${a.url}"`);
    const other = await getJson<LivingObjectList>(
      `/api/v1/living-objects/grid?search[residential_complex_id]=${complex.id}&search[rooms]=0,1,4,5,-1&per_page=5`,
    );
    const listed = /<ul class="apt-list"[^>]*>[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    expect(listed).toContain('class="apt-card"');
    for (const a of other.body.data) expect(listed).not.toContain(`href="${a.url}"`);
  });
});

describe("the apartments pages", () => {
  it.each(["/kvartiry/", "/kvartiry/novostroyka/", "/kvartiry/dvuhkomnatnye/"])(
    "%s lists apartments",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<ul class="apt-list"[^>]*>\s*<li>/);
      const form = /<form class="apt-filters"[^>]*>/.exec(html)?.[0];
      expect(form).toContain('action="/kvartiry/"');
      expect(form).toContain('method="get"');
    },
  );

  it("presets the rooms of a room-type page", async () => {
    const html = await (await get("/kvartiry/studii/")).text();
    const titles = [...html.matchAll(/class="apt-card__link"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toMatch(/^Квартира-студия, /);
  });

  it("lists one complex's apartments grouped by room type", async () => {
    const path = `/kvartiry/novostroyka/${complex.slug}/`;
    const html = await (await get(path)).text();
    expect(html).toContain(`Квартиры в ЖК «${complex.name}»`);
    for (const r of complex.rooms) expect(html).toContain(`>${r.label}</a></th>`);
    const moved = await get(`/kvartiry/novostroyka/zhk-drugoe-${complex.id}/`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toMatch(new RegExp(`${path}$`));
  });

  it("shows one apartment with its plan, price and JSON-LD offer", async () => {
    const res = await get(apartment.url, { bot: true });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(formatPrice(apartment.price));
    // The drawing names its rooms: a kitchen, or the one living space of a studio or a free plan.
    expect(html).toMatch(/<svg[^>]*role="img" aria-label="Планировка: [^"]*(кухня|жилая зона)/);
    expect(html).toContain(`/mortgage/?price=${apartment.price}&amp;`);
    const product = jsonLd(html).find((b) => typeOf(b).includes("Product"));
    expect(product?.offers).toMatchObject({ "@type": "Offer", price: apartment.price, priceCurrency: "RUB" });
  });

  it.each([
    ["/kvartiry/trehkomnatnye-deshevo/", 404],
    ["/kvartiry/kvartira-999999999/", 404],
    ["/kvartiry/kvartira-0/", 404],
    ["/kvartiry/novostroyka/zhk-nichego-999999999/", 404],
  ])("%s is a %i", async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });

  it("moves an apartment URL with a padded id to its canonical URL", async () => {
    const res = await get(`/kvartiry/kvartira-00${apartment.id}/`);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toMatch(new RegExp(`${apartment.url}$`));
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ComplexList } from "../../shared/schemas/catalogue";
import { get, getJson } from "./helpers";

const GRID = "/api/v1/residential-complexes/grid";

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function publishedIds(limit: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM residential_complexes WHERE is_published = 1 ORDER BY id LIMIT ?1",
  )
    .bind(limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("the ids filter of the grid", () => {
  it("lists exactly the named complexes, keeping only numeric ids", async () => {
    const [a, b, c] = await publishedIds(3);
    const { status, body } = await getJson<ComplexList>(
      `${GRID}?search[ids]=${c},x,${a},-${b},,${a}&per_page=100`,
    );
    expect(status).toBe(200);
    expect(sorted(body.data.map((x) => x.id))).toEqual(sorted([a ?? 0, c ?? 0]));
    expect(body.total).toBe(2);
    // With another filter: both apply.
    const region = await env.DB.prepare("SELECT region_id AS r FROM residential_complexes WHERE id = ?1")
      .bind(a ?? 0)
      .first<{ r: number }>();
    const other = region?.r === 1 ? 2 : 1;
    const narrowed = await getJson<ComplexList>(`${GRID}?search[ids]=${a}&search[regions]=${other}`);
    expect(narrowed.body.total).toBe(0);
    const unknown = await getJson<ComplexList>(`${GRID}?search[ids]=999999999`);
    expect([unknown.status, unknown.body.total]).toEqual([200, 0]);
  });

  it("reads up to 100 ids and refuses more with a Russian 400 (never a silent cut)", async () => {
    const all = await publishedIds(1000);
    // Unknown ids first, then real ones: 100 in all.
    const fake = Array.from({ length: 95 }, (_, i) => 900_000_000 + i);
    expect(all.length).toBeGreaterThan(10);
    const ids = [...fake, ...all.slice(0, 5)];
    const { status, body } = await getJson<ComplexList>(`${GRID}?search[ids]=${ids.join(",")}&per_page=100`);
    expect(status).toBe(200);
    expect(sorted(body.data.map((x) => x.id))).toEqual(sorted(all.slice(0, 5)));
    const more = await getJson<{ error: string }>(`${GRID}?search[ids]=${[...fake, ...all].join(",")}`);
    expect(more.status).toBe(400);
    expect(more.body.error).toBe("search[ids]: слишком длинный список: не больше 100 значений");
  });

  it("refuses an ids list with no id in it", async () => {
    const { status, body } = await getJson<{ error: string }>(`${GRID}?search[ids]=abc,-1`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/^search\[ids\]: .*[а-я]/);
  });
});

/** The sum of the counts on the server-rendered map: clusters and single complexes. */
const markerTotal = (html: string) =>
  [...html.matchAll(/data-count="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);

describe("the map page", () => {
  it("renders the filter, the clustered map and the list, for people and bots", async () => {
    const total = (await getJson<ComplexList>(`${GRID}?per_page=1`)).body.total;
    for (const bot of [false, true]) {
      const res = await get("/novostroyki/na-karte/", { bot });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<h1>Новостройки на карте</h1>");
      expect(html).toContain("<title>Новостройки Москвы и Подмосковья на карте");
      expect(html).toContain(
        '<link rel="canonical" href="https://novostroyki.example/novostroyki/na-karte/"/>',
      );
      expect(html).toContain('aria-label="Фильтры новостроек"');
      expect(html).toContain(`На карте ${total}`);
      expect(html).toContain("cmap__cluster");
      // The first view is Moscow and its suburbs: most complexes, not the far towns.
      expect(markerTotal(html)).toBeGreaterThan(total / 2);
      expect(markerTotal(html)).toBeLessThanOrEqual(total);
      expect(html).toMatch(/class="listing-card"/);
      // The base map is ours: МКАД and the metro are drawn, and nothing in it comes from another host.
      const svg = /<svg class="cmap__svg".*?<\/svg>/s.exec(html)?.[0] ?? "";
      expect(svg).toContain("cmap__ring--mkad");
      expect(svg).toContain('stroke="#E42313"');
      expect(svg).not.toMatch(/https?:/);
    }
  });

  it("opens at the view of a shared link (?map=lat,lng,zoom) and ignores a malformed one", async () => {
    // The base map's group, whatever the order of its attributes: its transform is the view.
    const base = async (query: string) => {
      const group = /<g [^>]*class="cmap__base[ "][^>]*>/.exec(
        await (await get(`/novostroyki/na-karte/${query}`)).text(),
      )?.[0];
      return /transform="matrix\(([-\d.e]+) 0 0 [-\d.e]+ ([-\d.e]+) ([-\d.e]+)\)"/
        .exec(group ?? "")
        ?.slice(1)
        .map(Number);
    };
    const home = await base("");
    expect(home).toHaveLength(3);
    // Zoom 6 on the centre of Moscow: 64 px a kilometre, the origin in the middle of the server's frame.
    expect(await base("?map=55.7539,37.6208,6")).toEqual([64, 600, 300]);
    for (const bad of ["?map=55.75,37.62", "?map=abc", "?map=55.75,37.62,6,1", "?map=-55,37,6"]) {
      expect(await base(bad), bad).toEqual(home);
    }
  });

  it("follows the URL's filter: every complex of Moscow is on the first view, in clusters and points", async () => {
    const moscow = (await getJson<ComplexList>(`${GRID}?per_page=1&search[regions]=1`)).body.total;
    const studios = (await getJson<ComplexList>(`${GRID}?per_page=1&search[regions]=1&search[rooms]=0`)).body
      .total;
    expect(studios).toBeLessThan(moscow);
    for (const [query, total] of [
      ["regions=1", moscow],
      ["regions=1&rooms=0", studios],
    ] as const) {
      const html = await (await get(`/novostroyki/na-karte/?${query}`)).text();
      expect(html).toContain(`На карте ${total}`);
      expect(markerTotal(html), query).toBe(total);
    }
  });
});

describe("the favourites page", () => {
  it("renders its shell: the h1, noindex, and no data the server cannot know", async () => {
    const res = await get("/izbrannoe/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Избранное</h1>");
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain("чтобы увидеть его, включите JavaScript");
    expect(html).not.toContain('class="listing-card"');
    // The header's heart leads here.
    expect(html).toMatch(/<a\b(?=[^>]*href="\/izbrannoe\/")(?=[^>]*aria-label="Избранное")[^>]*>/);
  });
});

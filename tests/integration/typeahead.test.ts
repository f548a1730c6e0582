import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ComplexList } from "../../shared/schemas/catalogue";
import type { SearchResult } from "../../shared/schemas/main";
import { get, getJson } from "./helpers";

describe("the filter's type-ahead", () => {
  it("finds «Сокол» by «сокол» with its line's number and colour", async () => {
    const { body } = await getJson<SearchResult>(
      `/api/v1/search/entities-by-word?keyword=${encodeURIComponent("сокол")}`,
    );
    const sokol = body.subway_stations.find((s) => s.name === "Сокол");
    const row = await env.DB.prepare(
      "SELECT l.number, l.color FROM subway_stations s JOIN lines l ON l.id = s.line_id WHERE s.name = 'Сокол'",
    ).first<{ number: string; color: string }>();
    expect(sokol).toMatchObject({ line: row?.number, color: row?.color });
    expect(sokol?.line).toBe("2");
  });

  it("a developer picked by name narrows the listing through the page URL", async () => {
    const dev = await env.DB.prepare(
      `SELECT c.id, c.name, count(*) AS n FROM companies c JOIN residential_complexes rc ON rc.developer_id = c.id
       WHERE rc.is_published = 1 GROUP BY c.id ORDER BY n DESC, c.id LIMIT 1`,
    ).first<{ id: number; name: string; n: number }>();
    if (!dev) throw new Error("no developers");
    const word = dev.name.replace(/[«»"]/g, "").split(/\s+/)[0] ?? "";
    const { body } = await getJson<SearchResult>(
      `/api/v1/search/entities-by-word?keyword=${encodeURIComponent(word)}`,
    );
    expect(body.developers.map((d) => d.id)).toContain(dev.id);
    const html = await (await get(`/novostroyki/?developers=${dev.id}`)).text();
    const { body: list } = await getJson<ComplexList>(
      `/api/v1/residential-complexes/grid?per_page=1&search[developers]=${dev.id}`,
    );
    expect(list.total).toBe(dev.n);
    expect(html).toContain(`Найдено ${dev.n}`);
  });

  const find = async (keyword: string) =>
    (await getJson<SearchResult>(`/api/v1/search/entities-by-word?keyword=${encodeURIComponent(keyword)}`))
      .body;

  // One reading of what a buyer types (worker/db/queries/search.ts searchQuery), for the box and the page alike.
  it.each(["м. Сокол", "метро Сокол", "Сокол м.", "ст. сокол", "sokol", "Sokol", "cjrjk"])(
    "finds the station Сокол by «%s»",
    async (keyword) => {
      const body = await find(keyword);
      expect(body.subway_stations.map((s) => s.name)).toContain("Сокол");
    },
  );

  it("a word naming the kind narrows the answer to that kind", async () => {
    const station = await find("м. Сокол");
    expect(station.subway_stations.length).toBeGreaterThan(0);
    expect([...station.residential_complexes, ...station.districts, ...station.developers]).toEqual([]);
    const district = await find("р-н Сокол");
    expect(district.districts.map((d) => d.name)).toContain("Сокол");
    expect(district.subway_stations).toEqual([]);
    const complexes = await find("ЖК Сокол");
    expect(complexes.subway_stations).toEqual([]);
    // Alone, the kind's word is a name's beginning like any other.
    expect((await find("жк")).residential_complexes.length).toBeGreaterThan(0);
  });

  it("a city's «г.» is left out: «г. Химки» finds what «Химки» does", async () => {
    expect(await find("г. Химки")).toEqual(await find("Химки"));
    expect((await find("khimki")).subway_stations.map((s) => s.name)).toEqual(
      (await find("Химки")).subway_stations.map((s) => s.name),
    );
  });

  it("the search page reads «метро сокол» the same way", async () => {
    const html = await (await get(`/poisk/?q=${encodeURIComponent("метро сокол")}`)).text();
    expect(html).toContain('href="/po-metro/sokol/"');
    expect(html).not.toContain('href="/po-rajonam/sokol/"');
  });
});

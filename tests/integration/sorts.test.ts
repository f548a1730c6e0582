import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SORTS, type Sort } from "../../shared/constants";
import type { ComplexList } from "../../shared/schemas/catalogue";
import { get, getJson } from "./helpers";

/**
 * Each sort written out as a buyer means it, straight on the tables: the nearest station from complex_stations
 * itself (not the column the triggers keep), so the test also checks that column.
 */
const DIRECT: Record<Sort, string> = {
  "price desc": "min_price DESC, id DESC",
  "price asc": "min_price ASC, id ASC",
  "price_m2 asc": "min_price_m2 ASC, id ASC",
  "deadline asc": "deadline_year * 4 + deadline_quarter ASC, id ASC",
  "area desc": "max_area DESC, id DESC",
  "metro asc": `coalesce((SELECT min(cs.distance_type * 1000 + cs.minutes) FROM complex_stations cs
      WHERE cs.complex_id = rc.id), 99999) ASC, id ASC`,
  "new desc": "id DESC",
  // The least ready house still being built, by its latest report (none: 0); 100 once every house is finished.
  "readiness desc": `CASE WHEN NOT EXISTS (SELECT 1 FROM houses h WHERE h.complex_id = rc.id AND h.is_finished = 0)
      THEN 100 ELSE (SELECT min(coalesce((SELECT p.readiness FROM house_progress p WHERE p.house_id = h.id
        ORDER BY p.month DESC LIMIT 1), 0)) FROM houses h WHERE h.complex_id = rc.id AND h.is_finished = 0)
      END DESC, id DESC`,
};

async function directIds(sort: Sort, where = "1 = 1", limit = 40): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM residential_complexes rc WHERE is_published = 1 AND ${where} ORDER BY ${DIRECT[sort]} LIMIT ?1`,
  )
    .bind(limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("catalogue sorts", () => {
  it.each(SORTS)("«%s» lists the complexes in the order SQL gives directly", async (sort) => {
    const { status, body } = await getJson<ComplexList>(
      `/api/v1/residential-complexes/grid?per_page=40&sort=${encodeURIComponent(sort)}`,
    );
    expect(status).toBe(200);
    expect(body.data.map((c) => c.id)).toEqual(await directIds(sort));
    expect(`${body.sort_column} ${body.sort_order}`).toBe(sort);
    expect(body.sortable).toContain(body.sort_column);
  });

  it("keeps the sort under a filter and on the second page", async () => {
    const { body } = await getJson<ComplexList>(
      "/api/v1/residential-complexes/grid?per_page=5&page=2&sort=price_m2+asc&search[rooms]=1",
    );
    const ids = await directIds(
      "price_m2 asc",
      "EXISTS (SELECT 1 FROM room_stats r WHERE r.complex_id = rc.id AND r.rooms = 1)",
      10,
    );
    expect(body.data.map((c) => c.id)).toEqual(ids.slice(5, 10));
  });

  it("keeps the nearest station's rank when the feeds rewrite a complex's stations", async () => {
    const row = await env.DB.prepare(
      "SELECT complex_id, station_id FROM complex_stations ORDER BY complex_id LIMIT 1",
    ).first<{ complex_id: number; station_id: number }>();
    if (!row) throw new Error("no stations in the seed");
    await env.DB.prepare(
      "UPDATE complex_stations SET distance_type = 1, minutes = 1 WHERE complex_id = ?1 AND station_id = ?2",
    )
      .bind(row.complex_id, row.station_id)
      .run();
    const rank = () =>
      env.DB.prepare("SELECT station_rank AS r FROM residential_complexes WHERE id = ?1")
        .bind(row.complex_id)
        .first<{ r: number }>();
    expect((await rank())?.r).toBe(1001);
    await env.DB.prepare("DELETE FROM complex_stations WHERE complex_id = ?1").bind(row.complex_id).run();
    expect((await rank())?.r).toBe(99999);
  });

  it("offers every sort in the listing's form, the URL's one chosen", async () => {
    const html = await (await get("/novostroyki/?sort=price_m2+asc")).text();
    for (const label of [
      "Сначала дороже",
      "Сначала дешевле за м²",
      "Сначала ближе к метро",
      "Сначала новые в каталоге",
      "Сначала самые готовые",
    ])
      expect(html).toContain(label);
    expect(html).toMatch(/<option value="price_m2 asc" selected/);
  });
});

/** Every paginated call of the API, with one more query parameter allowed. */
const GRIDS = [
  "/api/v1/residential-complexes/grid?per_page=2",
  "/api/v1/living-objects/grid?per_page=2",
  "/api/v1/companies/grid?per_page=2",
  "/api/v1/media/posts/grid?per_page=2",
  "/api/v1/media/categories/grid?per_page=2",
];

interface SortedPage {
  data: unknown[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  sort_column: string;
  sort_order: string;
  sortable: string[];
}

describe("the pagination's sort fields (SPEC §3)", () => {
  it.each(GRIDS)("%s answers sort_column, sort_order and sortable", async (path) => {
    const { status, body } = await getJson<SortedPage>(path);
    expect(status, path).toBe(200);
    expect(body, path).toMatchObject({ per_page: 2, current_page: 1 });
    expect(body.sortable.length, path).toBeGreaterThan(0);
    expect(body.sortable, path).toContain(body.sort_column);
    expect(["asc", "desc"], path).toContain(body.sort_order);
    expect(body, path).not.toHaveProperty("sort");
  });

  it("sorts apartments by sort_column and sort_order, as by sort", async () => {
    const grid = "/api/v1/living-objects/grid?per_page=20";
    for (const [sort, column, order] of [
      ["price desc", "price", "desc"],
      ["area asc", "area", "asc"],
      ["area desc", "area", "desc"],
    ]) {
      const bySort = await getJson<SortedPage>(`${grid}&sort=${encodeURIComponent(sort ?? "")}`);
      const byColumn = await getJson<SortedPage>(`${grid}&sort_column=${column}&sort_order=${order}`);
      expect(byColumn.status).toBe(200);
      expect(byColumn.body.data).toEqual(bySort.body.data);
      expect([byColumn.body.sort_column, byColumn.body.sort_order]).toEqual([column, order]);
    }
    // A column alone takes its first order: area's is ascending.
    const area = await getJson<SortedPage>(`${grid}&sort_column=area`);
    expect([area.body.sort_column, area.body.sort_order]).toEqual(["area", "asc"]);
  });

  it("sorts complexes by a sortable column given alone", async () => {
    const { body } = await getJson<SortedPage>(
      "/api/v1/residential-complexes/grid?per_page=5&sort_column=area",
    );
    expect([body.sort_column, body.sort_order]).toEqual(["area", "desc"]);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type {
  ComplexDetail,
  ComplexList,
  HouseStats,
  LivingObjectList,
} from "../../shared/schemas/catalogue";
import type { LocationItem } from "../../shared/schemas/locations";
import type { MainData, SearchResult, SeoFilterData } from "../../shared/schemas/main";
import { getJson } from "./helpers";

const GRID = "/api/v1/residential-complexes/grid";

async function sqlCount(where: string, ...binds: (string | number)[]): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM residential_complexes rc WHERE rc.is_published = 1 AND ${where}`,
  )
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("residential-complexes/grid", () => {
  it("answers the newer pagination shape, sorted by price desc by default", async () => {
    const { status, body } = await getJson<ComplexList>(`${GRID}?per_page=5`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ per_page: 5, current_page: 1, sort_column: "price", sort_order: "desc" });
    expect(body.total).toBe(await sqlCount("1"));
    expect(body.last_page).toBe(Math.ceil(body.total / 5));
    expect(body.data).toHaveLength(5);
    const prices = body.data.map((c) => c.min_price);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    const card = body.data[0];
    expect(card?.url).toMatch(/^\/novostroyki\/zhk-[a-z0-9-]+-\d+\/$/);
    expect(card?.rooms.length).toBeGreaterThan(0);
    expect(card?.deadline.label).toBeTruthy();
  });

  it("sorts by price asc in both dialects", async () => {
    const a = await getJson<ComplexList>(`${GRID}?sort=price%20asc&per_page=10`);
    const b = await getJson<ComplexList>(`${GRID}?sort_column=price&sort_order=asc&per_page=10`);
    const prices = a.body.data.map((c) => c.min_price);
    expect([...prices].sort((x, y) => x - y)).toEqual(prices);
    expect(b.body.data.map((c) => c.id)).toEqual(a.body.data.map((c) => c.id));
  });

  it("pages through every complex exactly once", async () => {
    const total = await sqlCount("1");
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 20); page++) {
      const { body } = await getJson<ComplexList>(`${GRID}?per_page=20&page=${page}`);
      for (const c of body.data) seen.add(c.id);
    }
    expect(seen.size).toBe(total);
    // A page past the last is a 404, not an empty 200 that says «Найдено N ЖК» beside «ничего не нашлось».
    const past = await getJson<{ error: string }>(`${GRID}?per_page=20&page=999`);
    expect(past.status).toBe(404);
    expect(past.body.error).toBe("Такой страницы в списке нет");
  });

  const cases: [string, string, string, (string | number)[], "may keep none"?][] = [
    ["region", "search[regions]=1", "rc.region_id = 1", []],
    ["classic regions", "regions=2,abc", "rc.region_id = 2", []],
    ["class", "search[build_class]=3,4", "rc.class IN (3, 4)", []],
    ["stage", "search[build_stage]=3", "rc.build_stage = 3", []],
    ["type", "search[build_type]=2", "rc.build_type = 2", []],
    ["deadline finished", "search[deadline]=0", "rc.is_finished = 1", []],
    ["deadline year (classic)", "completion_year=2027", "rc.is_finished = 0 AND rc.deadline_year = 2027", []],
    ["otdelka", "otdelka=3", "(rc.otdelka_mask & 8) != 0", []],
    [
      "price",
      "min_price=5000000&max_price=9000000",
      "EXISTS (SELECT 1 FROM living_objects lo WHERE lo.complex_id = rc.id AND lo.status = 1 AND lo.price BETWEEN 5000000 AND 9000000)",
      [],
    ],
    [
      "rooms and area",
      "search[rooms]=2&search[area][min]=55",
      "EXISTS (SELECT 1 FROM living_objects lo WHERE lo.complex_id = rc.id AND lo.status = 1 AND lo.rooms = 2 AND lo.area_total >= 55)",
      [],
    ],
    [
      "rooms (room_stats)",
      "search[rooms]=0,3",
      "EXISTS (SELECT 1 FROM living_objects lo WHERE lo.complex_id = rc.id AND lo.status = 1 AND lo.rooms IN (0, 3))",
      [],
    ],
    [
      "rooms and finishing (room_stats)",
      "search[rooms]=2&otdelka=1,3",
      "EXISTS (SELECT 1 FROM living_objects lo WHERE lo.complex_id = rc.id AND lo.status = 1 AND lo.rooms = 2 AND lo.otdelka IN (1, 3))",
      [],
    ],
    [
      "price and finishing",
      "max_price=12000000&otdelka=2",
      "EXISTS (SELECT 1 FROM living_objects lo WHERE lo.complex_id = rc.id AND lo.status = 1 AND lo.price <= 12000000 AND lo.otdelka = 2)",
      [],
    ],
    [
      "distance on foot (time code 2: up to 10 minutes)",
      "distance_type=1&distance_time=2",
      "EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND cs.distance_type = 1 AND cs.minutes <= 10)",
      [],
    ],
    [
      "distance type alone: its time is the first option, up to 5 minutes",
      "search[distance_type]=1",
      "EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND cs.distance_type = 1 AND cs.minutes <= 5)",
      [],
    ],
    ["parking", "search[parking]=1", "(rc.parking_mask & 2) != 0", []],
  ];
  it.each(cases)("narrows by %s exactly as SQL counts", async (_name, query, where, binds, mayKeepNone) => {
    const { status, body } = await getJson<ComplexList>(`${GRID}?per_page=1&${query}`);
    expect(status).toBe(200);
    const expected = await sqlCount(where, ...binds);
    expect(body.total).toBe(expected);
    // A filter that keeps nothing would prove little; one that keeps everything would not narrow.
    if (!mayKeepNone) expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(await sqlCount("1"));
  });

  it("narrows by station, developer and location", async () => {
    const station = await env.DB.prepare(
      "SELECT station_id AS id FROM complex_stations GROUP BY station_id ORDER BY count(*) DESC LIMIT 1",
    ).first<{ id: number }>();
    const byStation = await getJson<ComplexList>(`${GRID}?per_page=1&search[subway_stations]=${station?.id}`);
    expect(byStation.body.total).toBe(
      await sqlCount(
        "EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND cs.station_id = ?1)",
        station?.id ?? 0,
      ),
    );
    const dev = await env.DB.prepare(
      "SELECT developer_id AS id FROM residential_complexes GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
    ).first<{ id: number }>();
    const byDev = await getJson<ComplexList>(`${GRID}?per_page=1&developers=${dev?.id}`);
    expect(byDev.body.total).toBe(await sqlCount("rc.developer_id = ?1", dev?.id ?? 0));
    const loc = await env.DB.prepare(
      "SELECT s.slug, s.id FROM subway_stations s JOIN complex_stations cs ON cs.station_id = s.id WHERE s.kind = 'metro' LIMIT 1",
    ).first<{ slug: string; id: number }>();
    const byLocation = await getJson<ComplexList>(
      `${GRID}?per_page=1&search[location]=po-metro/${loc?.slug}`,
    );
    expect(byLocation.body.total).toBe(
      await sqlCount(
        "EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.complex_id = rc.id AND cs.station_id = ?1)",
        loc?.id ?? 0,
      ),
    );
    expect((await getJson(`${GRID}?search[location]=po-metro/net-takoy-stantsii`)).status).toBe(404);
  });

  it("answers 400 in Russian naming the field", async () => {
    for (const [query, field] of [
      ["min_price=дорого", "min_price"],
      ["page=0", "page"],
      ["per_page=-5", "per_page"],
      ["distance_type=5", "distance_type"],
    ]) {
      const { status, body } = await getJson<{ error: string }>(`${GRID}?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toContain(field);
      expect(body.error).toMatch(/[а-я]/);
    }
  });

  it("swaps an inverted range: the same answer as the range the right way round", async () => {
    const inverted = await getJson<ComplexList>(
      `${GRID}?per_page=1&search[area][min]=80&search[area][max]=40`,
    );
    const right = await getJson<ComplexList>(`${GRID}?per_page=1&search[area][min]=40&search[area][max]=80`);
    expect(inverted.status).toBe(200);
    expect(inverted.body.total).toBe(right.body.total);
    expect(right.body.total).toBeGreaterThan(0);
  });

  it("caps per_page at 100", async () => {
    const { body } = await getJson<ComplexList>(`${GRID}?per_page=100000`);
    expect(body.per_page).toBe(100);
  });

  it("paginate uses 11 a page (classic filter)", async () => {
    const { body } = await getJson<ComplexList>("/api/v1/residential-complexes/paginate?rooms=1");
    expect(body.per_page).toBe(11);
    expect(body.total).toBe(
      await sqlCount(
        "EXISTS (SELECT 1 FROM living_objects lo WHERE lo.complex_id = rc.id AND lo.status = 1 AND lo.rooms = 1)",
      ),
    );
  });
});

describe("one complex, similar, houses, years, seo-filter", () => {
  it("answers the similar complexes of every complex as the plain SQL does: its region and class, nearest price first", async () => {
    // The call reads a few entries up and down from the complex's price (worker/db/queries/complexes.ts);
    // this is the whole class sorted by distance.
    const { results: all } = await env.DB.prepare(
      "SELECT id, is_published FROM residential_complexes ORDER BY id",
    ).all<{ id: number; is_published: number }>();
    expect(all.length).toBeGreaterThan(20);
    for (const { id, is_published } of all) {
      const { results } = await env.DB.prepare(
        `SELECT rc.id FROM residential_complexes me
         JOIN residential_complexes rc ON rc.region_id = me.region_id AND rc.class = me.class AND rc.id != me.id
         WHERE me.id = ?1 AND rc.is_published = 1 ORDER BY abs(rc.min_price - me.min_price), rc.id LIMIT 8`,
      )
        .bind(id)
        .all<{ id: number }>();
      const similar = await getJson<{ data: { id: number }[] }>(
        `/api/v1/residential-complexes/similar/${id}`,
      );
      if (!is_published) {
        expect(similar.status, `${id}`).toBe(404);
        continue;
      }
      expect(
        similar.body.data.map((c) => c.id),
        `${id}`,
      ).toEqual(results.map((r) => r.id));
    }
  });

  it("gives each card of a list its stations, nearest first, and its room types, as the plain SQL has them", async () => {
    const { body } = await getJson<ComplexList>(`${GRID}?per_page=50&sort=metro&order=asc`);
    expect(body.data.length).toBeGreaterThan(20);
    for (const card of body.data) {
      const { results: stations } = await env.DB.prepare(
        `SELECT station_id, minutes FROM complex_stations WHERE complex_id = ?1
         ORDER BY distance_type, minutes, station_id`,
      )
        .bind(card.id)
        .all<{ station_id: number; minutes: number | null }>();
      expect(card.stations.map((st) => [st.id, st.minutes])).toEqual(
        stations.map((st) => [st.station_id, st.minutes]),
      );
      const { results: rooms } = await env.DB.prepare(
        "SELECT rooms, count, min_price FROM room_stats WHERE complex_id = ?1 ORDER BY rooms",
      )
        .bind(card.id)
        .all<{ rooms: number; count: number; min_price: number }>();
      expect(card.rooms.map((r) => [r.rooms, r.count, r.min_price])).toEqual(
        rooms.map((r) => [r.rooms, r.count, r.min_price]),
      );
    }
    expect(body.data.some((c) => c.stations.length > 1 && c.rooms.length > 1)).toBe(true);
  });

  it("answers a complex with its houses and 404 for an unknown id", async () => {
    const { body: list } = await getJson<ComplexList>(`${GRID}?per_page=1`);
    const id = list.data[0]?.id;
    const { status, body } = await getJson<ComplexDetail>(`/api/v1/residential-complexes/${id}`);
    expect(status).toBe(200);
    expect(body.houses.length).toBeGreaterThan(0);
    expect(body.developer.name).toBeTruthy();
    expect((await getJson(`/api/v1/residential-complexes/99999999`)).status).toBe(404);
    expect((await getJson(`/api/v1/residential-complexes/abc`)).status).toBe(400);

    const similar = await getJson<{ data: { id: number }[] }>(`/api/v1/residential-complexes/similar/${id}`);
    expect(similar.status).toBe(200);
    expect(similar.body.data.every((c) => c.id !== id)).toBe(true);

    const house = body.houses[0];
    const stats = await getJson<HouseStats>(
      `/api/v1/residential-complexes/${id}/get-house-stats?house_id=${house?.id}`,
    );
    expect(stats.status).toBe(200);
    const cells = stats.body.floors.flatMap((f) => f.cells).length;
    expect(cells).toBe((house?.floors ?? 0) * (house?.per_floor ?? 0));
    expect(stats.body.floors[0]?.floor).toBe(house?.floors);
    expect((await getJson(`/api/v1/residential-complexes/${id}/get-house-stats`)).status).toBe(400);
    expect(
      (await getJson(`/api/v1/residential-complexes/${id}/get-house-stats?house_id=99999999`)).status,
    ).toBe(404);
  });

  it("lists completion years with counts", async () => {
    const { body } = await getJson<{ data: { year: number; label: string; count: number }[] }>(
      "/api/v1/residential-complexes/completion-years",
    );
    expect(body.data.reduce((s, y) => s + y.count, 0)).toBe(await sqlCount("1"));
    expect(body.data.find((y) => y.year === 0)?.label).toBe("Сдан");
  });

  it("resolves seo-filter paths and ids, 404 otherwise", async () => {
    const byPath = await getJson<SeoFilterData>("/api/v1/residential-complexes/seo-filter/s-otdelkoy");
    expect(byPath.status).toBe(200);
    expect(byPath.body.filter).toEqual({ otdelka: [3] });
    expect(byPath.body.h1).toBe("Новостройки с отделкой");
    const byId = await getJson<SeoFilterData>(`/api/v1/residential-complexes/seo-filter/${byPath.body.id}`);
    expect(byId.body.path).toBe("s-otdelkoy");
    expect((await getJson("/api/v1/residential-complexes/seo-filter/net-takoy")).status).toBe(404);
  });
});

describe("living objects", () => {
  it("lists apartments on sale of a complex with its filters, and narrows them", async () => {
    const complex = await env.DB.prepare(
      "SELECT id FROM residential_complexes ORDER BY apartments_on_sale DESC LIMIT 1",
    ).first<{ id: number }>();
    const base = `/api/v1/living-objects/grid?search[residential_complex_id]=${complex?.id}`;
    const { status, body } = await getJson<LivingObjectList>(base);
    expect(status).toBe(200);
    expect(body.residential_complex?.id).toBe(complex?.id);
    expect(body.filters.houses.length).toBeGreaterThan(0);
    const onSale = await env.DB.prepare(
      "SELECT count(*) AS n FROM living_objects WHERE complex_id = ?1 AND status = 1",
    )
      .bind(complex?.id ?? 0)
      .first<{ n: number }>();
    expect(body.total).toBe(onSale?.n);
    expect(body.filters.room_types.reduce((s, r) => s + r.count, 0)).toBe(onSale?.n);
    const rooms = body.filters.room_types[0]?.rooms ?? 1;
    const narrowed = await getJson<LivingObjectList>(`${base}&search[rooms]=${rooms}&search[floor][min]=2`);
    const expected = await env.DB.prepare(
      "SELECT count(*) AS n FROM living_objects WHERE complex_id = ?1 AND status = 1 AND rooms = ?2 AND floor >= 2",
    )
      .bind(complex?.id ?? 0, rooms)
      .first<{ n: number }>();
    expect(narrowed.body.total).toBe(expected?.n);
    expect(narrowed.body.data.every((a) => a.rooms === rooms && a.floor >= 2)).toBe(true);

    const grouped = await getJson<{ data: { rooms: number; count: number }[] }>(
      `/api/v1/living-objects/grid-grouped?search[residential_complex_id]=${complex?.id}`,
    );
    expect(grouped.body.data.reduce((s, g) => s + g.count, 0)).toBe(onSale?.n);
    const one = body.data[0];
    const single = await getJson<{ data: { id: number; url: string } }>(`/api/v1/living-objects/${one?.id}`);
    expect(single.body.data.url).toBe(`/kvartiry/kvartira-${one?.id}/`);
    expect((await getJson("/api/v1/living-objects/99999999")).status).toBe(404);
    expect(
      (await getJson("/api/v1/living-objects/grid?search[residential_complex_id]=99999999")).status,
    ).toBe(404);
    expect((await getJson("/api/v1/living-objects/grid-grouped")).status).toBe(400);
  });
});

describe("locations, search, main", () => {
  it("answers data.data grids with counts, and the region → locality → subway cascade", async () => {
    const regions = await getJson<{ data: LocationItem[] }>("/api/v1/locations/regions/grid");
    expect(regions.body.data.map((r) => r.name)).toEqual(["Москва", "Московская область", "Новая Москва"]);
    const localities = await getJson<{ data: LocationItem[] }>(
      "/api/v1/locations/localities/grid?search[region_id]=3",
    );
    expect(localities.body.data.length).toBeGreaterThan(30);
    expect(localities.body.data.every((l) => l.parent_id === 3)).toBe(true);
    // Several regions at once (the filter's cascade asks for all its choices in one call).
    const both = await getJson<{ data: LocationItem[] }>(
      "/api/v1/locations/localities/grid?search[region_id]=1,3",
    );
    const moscow = await getJson<{ data: LocationItem[] }>(
      "/api/v1/locations/localities/grid?search[region_id]=1",
    );
    expect(both.body.data.length).toBe(localities.body.data.length + moscow.body.data.length);
    expect(new Set(both.body.data.map((l) => l.parent_id))).toEqual(new Set([1, 3]));
    const subways = await getJson<{ data: LocationItem[] }>(
      "/api/v1/locations/subways/grid?search[locality_id]=1",
    );
    expect(subways.body.data.length).toBeGreaterThan(200);
    expect(subways.body.data.every((s) => /^#[0-9A-Fa-f]{6}$/.test(s.hex_color ?? ""))).toBe(true);
    const sum = regions.body.data.reduce((s, r) => s + r.rc_count, 0);
    expect(sum).toBe(await sqlCount("1"));
    for (const kind of ["districts", "highways", "city-areas", "mo-districts", "railways"]) {
      const r = await getJson<{ data: LocationItem[] }>(`/api/v1/locations/${kind}/grid`);
      expect(r.status, kind).toBe(200);
      expect(r.body.data.length, kind).toBeGreaterThan(5);
    }
    const one = await getJson<{ data: LocationItem }>("/api/v1/locations/subways/sokolniki?kind=metro");
    expect(one.body.data.name).toBe("Сокольники");
    expect((await getJson("/api/v1/locations/subways/net-takoy?kind=metro")).status).toBe(404);
    expect((await getJson("/api/v1/locations/localities/grid?search[region_id]=abc")).status).toBe(400);
  });

  it("finds entities by a Cyrillic word prefix with ё = е", async () => {
    const { body } = await getJson<SearchResult>(
      `/api/v1/search/entities-by-word?keyword=${encodeURIComponent("савел")}`,
    );
    expect(body.subway_stations.map((s) => s.name)).toContain("Савёловская");
    const upper = await getJson<SearchResult>(
      `/api/v1/search/entities-by-word?keyword=${encodeURIComponent("СОКОЛ")}`,
    );
    expect(upper.body.subway_stations.some((s) => s.name.startsWith("Сокол"))).toBe(true);
    expect((await getJson("/api/v1/search/entities-by-word?keyword=")).status).toBe(400);
    const hostile = await getJson<SearchResult>(
      `/api/v1/search/entities-by-word?keyword=${encodeURIComponent('" OR 1=1 --*')}`,
    );
    expect(hostile.status).toBe(200);
  });

  it("answers the main page data with live catalogue figures", async () => {
    const { body } = await getJson<MainData>("/api/v1/main");
    expect(body.complexes.total).toBe(await sqlCount("1"));
    // «Строится» and «Сдано» count as their links' listings do (build_stage 2 and 3): «Старт продаж» is neither.
    expect(body.complexes.building_doing_count).toBe(await sqlCount("rc.build_stage = 2"));
    expect(body.complexes.building_finished_count).toBe(await sqlCount("rc.build_stage = 3"));
    expect(body.catalogue.min_area).toBe(9);
    expect(body.catalogue.max_area).toBe(753);
    expect(body.catalogue.min_price_m2).toBe(138081);
    expect(body.catalogue.max_price_m2).toBe(839403);
    expect(body.subways.length).toBeGreaterThan(200);
  });
});

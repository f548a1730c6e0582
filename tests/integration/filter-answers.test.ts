import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DISTANCE_TIMES, DISTANCE_TYPES, distanceOptions } from "../../shared/filters/catalogue";
import type { ComplexList, FilterFacets } from "../../shared/schemas/catalogue";
import { get, getJson } from "./helpers";

const GRID = "/api/v1/residential-complexes/grid";

describe("sortable: every column it lists sorts the list", () => {
  it("each column of sortable, alone and with each order, answers that column", async () => {
    const { body } = await getJson<ComplexList>(`${GRID}?per_page=5`);
    expect(body.sortable.length).toBeGreaterThan(1);
    for (const column of body.sortable) {
      const alone = await getJson<ComplexList>(`${GRID}?per_page=5&sort_column=${column}`);
      expect(alone.status, column).toBe(200);
      expect(alone.body.sort_column, column).toBe(column);
      for (const order of ["asc", "desc"]) {
        const both = await getJson<ComplexList>(
          `${GRID}?per_page=5&sort_column=${column}&sort_order=${order}`,
        );
        expect(both.body.sort_column, `${column} ${order}`).toBe(column);
      }
    }
  });

  it("area sorts largest first (the order the catalogue sorts it)", async () => {
    const { body } = await getJson<ComplexList>(`${GRID}?per_page=10&sort_column=area`);
    expect(`${body.sort_column} ${body.sort_order}`).toBe("area desc");
    const areas = body.data.map((c) => c.max_area);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
  });
});

/** The apartments' submit button of a page: its text and whether it is disabled. */
async function submitOf(url: string) {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  const form = /<form class="apt-filters"[\s\S]*?<\/form>/.exec(await res.text())?.[0] ?? "";
  const button = /<button type="submit"[^>]*>([\s\S]*?)<\/button>/.exec(form);
  return {
    tag: button?.[0] ?? "",
    text: (button?.[1] ?? "").replace(/<!-- -->/g, "").replace(/\s+/g, " "),
    form,
  };
}

describe("the apartments' «Показать» button", () => {
  it("with nothing found: disabled, saying so and why", async () => {
    const row = await env.DB.prepare(
      "SELECT slug FROM residential_complexes WHERE is_published = 1 AND apartments_on_sale > 0 ORDER BY id LIMIT 1",
    ).first<{ slug: string }>();
    const { tag, text, form } = await submitOf(`/kvartiry/novostroyka/${row?.slug}/?min_price=1&max_price=2`);
    expect(tag).toMatch(/\sdisabled=""/);
    expect(text).toBe("Ничего не найдено");
    expect(form).toContain("Квартир с такими параметрами нет: измените фильтр или сбросьте его.");
  });

  it("one apartment is «Показать 1 квартиру» (the accusative after «Показать»)", async () => {
    // An apartment on sale whose price no other apartment of its complex on sale has.
    const row = await env.DB.prepare(
      `SELECT rc.slug, lo.price FROM living_objects lo JOIN residential_complexes rc ON rc.id = lo.complex_id
       WHERE rc.is_published = 1 AND lo.status = 1 GROUP BY lo.complex_id, lo.price HAVING count(*) = 1 LIMIT 1`,
    ).first<{ slug: string; price: number }>();
    const { tag, text } = await submitOf(
      `/kvartiry/novostroyka/${row?.slug}/?min_price=${row?.price}&max_price=${row?.price}`,
    );
    expect(tag).not.toMatch(/\sdisabled=""/);
    expect(text).toBe("Показать 1 квартиру");
  });
});

describe("the form offers a distance only where something is found", () => {
  it("every (way, time) pair is offered exactly when the catalogue finds a complex at it", async () => {
    const { body: facets } = await getJson<FilterFacets>("/api/v1/residential-complexes/completion-years");
    expect(facets.distances.length).toBeGreaterThan(0);
    let offeredPairs = 0;
    let hiddenPairs = 0;
    for (const type of Object.keys(DISTANCE_TYPES).map(Number)) {
      const offered = distanceOptions(facets.distances, type);
      for (const time of Object.keys(DISTANCE_TIMES).map(Number)) {
        const { body } = await getJson<ComplexList>(
          `${GRID}?per_page=1&search[distance_type]=${type}&search[distance_time]=${time}`,
        );
        const shown = offered.types.includes(type) && offered.times.includes(time);
        expect(body.total > 0, `${DISTANCE_TYPES[type as 1]} ${DISTANCE_TIMES[time as 1]}`).toBe(shown);
        if (shown) offeredPairs++;
        else hiddenPairs++;
      }
    }
    // The seed has both: rides of 5 minutes are none, walks of 5 minutes are many.
    expect(offeredPairs).toBeGreaterThan(0);
    expect(hiddenPairs).toBeGreaterThan(0);
  });
});

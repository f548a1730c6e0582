import { describe, expect, it } from "vitest";
import { BAD, sample } from "../../tests/filter-samples";
import { formatNumber } from "../format";
import {
  APARTMENT_FIELDS,
  apartmentFilterToApiQuery,
  apartmentQueryOf,
  apartmentUrlParams,
  readApartmentApiQuery,
} from "./apartments";
import {
  CATALOGUE_FIELDS,
  canonicalCatalogueSearch,
  canonicalUnfilteredSearch,
  FilterError,
  filterToApiParams,
  filterToApiQuery,
  filterToUrlParams,
  filterToUrlQuery,
  filterValueCount,
  modalReset,
  readApiQuery,
  readPageQuery,
  toggleValue,
} from "./catalogue";
import { type FieldTable, idList } from "./fields";
import { APARTMENT_API_NAMES } from "./keys";

const api = (s: string) => readApiQuery(new URLSearchParams(s), 25);
const page = (s: string) => readPageQuery(new URLSearchParams(s), 12);

/** Walks every field of a table: its value through each dialect and back, and its bad values. */
function walk(
  table: FieldTable,
  dialect: {
    toUrl(key: string, value: unknown): URLSearchParams;
    fromUrl(p: URLSearchParams): Record<string, unknown>;
    toApi(key: string, value: unknown): Record<string, string | number>;
    fromApi(p: URLSearchParams): Record<string, unknown>;
  },
) {
  for (const [key, def] of Object.entries(table)) {
    describe(`${key}`, () => {
      const value = sample(def);
      it("goes URL → filter → URL unchanged, or never reaches a page URL", () => {
        const url = dialect.toUrl(key, value);
        if (!def.url) {
          expect(url.toString()).toBe("");
          return;
        }
        expect(dialect.fromUrl(url)[key]).toEqual(value);
        expect(dialect.toUrl(key, dialect.fromUrl(url)[key]).toString()).toBe(url.toString());
      });
      it("goes filter → API key → the API's reading of it, under every API name", () => {
        const key1 = dialect.toApi(key, value);
        expect(dialect.fromApi(new URLSearchParams(key1 as Record<string, string>))[key]).toEqual(value);
        const text = String(Array.isArray(value) ? value.join(",") : value === true ? 1 : value);
        const raws =
          def.kind === "range"
            ? def.api.map(([min, max]) => new URLSearchParams({ [min]: "1", [max]: String(def.max) }))
            : def.api.map((name) => new URLSearchParams({ [name]: text }));
        for (const raw of raws) expect(dialect.fromApi(raw)[key], raw.toString()).toEqual(value);
      });
      it("is a 400 naming its parameter once with the rule in the API, and dropped from a page", () => {
        const name = (def.kind === "range" ? def.api[0]?.[0] : def.api[0]) ?? "";
        const bad = new URLSearchParams({ [name]: BAD[def.kind] });
        let error: unknown;
        try {
          dialect.fromApi(bad);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(FilterError);
        const message = (error as Error).message;
        expect(message.split(name).length - 1, message).toBe(1);
        expect(message).toMatch(/^[^:]+: ожида/);
        if (def.kind === "range") expect(message).toContain(formatNumber(def.max));
        if (def.url) {
          const bad = new URLSearchParams({ [def.url[0] ?? ""]: BAD[def.kind] });
          expect(dialect.fromUrl(bad)[key]).toBeUndefined();
        }
      });
    });
  }
}

describe("API keys need no field table", () => {
  // fields.ts apiParams writes `search[<field>]` without reading a table: each table's first API name is it.
  const first = (table: FieldTable, names: Readonly<Record<string, string>>) =>
    Object.entries(table).map(([key, def]) => {
      const own = `search[${names[key] ?? key}]`;
      return [key, def.api[0], def.kind === "range" ? [`${own}[min]`, `${own}[max]`] : own];
    });
  it.each([...first(CATALOGUE_FIELDS, {}), ...first(APARTMENT_FIELDS, APARTMENT_API_NAMES)])(
    "%s is written under its first API name",
    (_, name, expected) => {
      expect(name).toEqual(expected);
    },
  );
});

describe("every catalogue filter field", () => {
  walk(CATALOGUE_FIELDS, {
    toUrl: (key, value) => filterToUrlParams({ [key]: value }),
    fromUrl: (p) => page(p.toString()).filter,
    toApi: (key, value) => filterToApiParams({ [key]: value }),
    fromApi: (p) => api(p.toString()).filter,
  });
});

describe("every apartments filter field", () => {
  const query = (filter: Record<string, unknown>) => ({
    filter,
    page: 1,
    perPage: 20,
    sort: "price asc" as const,
  });
  walk(APARTMENT_FIELDS, {
    toUrl: (key, value) => new URLSearchParams(apartmentUrlParams(query({ [key]: value }))),
    fromUrl: (p) => apartmentQueryOf(p, 20).filter,
    toApi: (key, value) => apartmentFilterToApiQuery(query({ [key]: value })),
    fromApi: (p) => readApartmentApiQuery(p, 20).filter,
  });
});

describe("catalogue filter", () => {
  it("reads the newer dialect in the API, and only SPEC §5 names on a page", () => {
    const {
      filter,
      page: p,
      perPage,
      sort,
    } = api(
      "search[price][min]=3000000&search[price][max]=8100000&search[rooms]=1,2&search[regions]=1&page=2&per_page=10&sort_column=price&sort_order=asc",
    );
    expect(filter).toEqual({ price: { min: 3_000_000, max: 8_100_000 }, rooms: [1, 2], regions: [1] });
    expect([p, perPage, sort]).toEqual([2, 10, "price asc"]);
    // developers (SPEC §9's names) is a page name too: the form's developer type-ahead writes it.
    expect(page("search[price][min]=3000000&search[ids]=1&districts=4&developers=2").filter).toEqual({
      developers: [2],
    });
  });

  it("reads the classic dialect with its aliases", () => {
    const { filter, sort } = api(
      "min_price=8000000&completion_year=2026,2027&renovation=3&sort=price%20desc",
    );
    expect(filter).toEqual({ price: { min: 8_000_000 }, deadline: [2026, 2027], otdelka: [3] });
    expect(sort).toBe("price desc");
  });

  it("keeps only numeric ids and omits empty values", () => {
    expect(idList("1,x,,2,2, 3")).toEqual([1, 2, 3]);
    expect(api("rooms=&regions=1,abc&min_price=").filter).toEqual({ regions: [1] });
  });

  it("swaps an inverted range everywhere instead of refusing it or finding nothing", () => {
    expect(api("search[price][min]=9&search[price][max]=1").filter.price).toEqual({ min: 1, max: 9 });
    expect(page("min_area=80&max_area=40").filter.area).toEqual({ min: 40, max: 80 });
    expect(readApartmentApiQuery(new URLSearchParams("min_floor=9&max_floor=2"), 20).filter.floor).toEqual({
      min: 2,
      max: 9,
    });
    expect(apartmentQueryOf(new URLSearchParams("min_price=9&max_price=1"), 20).filter.price).toEqual({
      min: 1,
      max: 9,
    });
  });

  it("reads distance as codes: the missing half is the first option, «Пешком» alone is walking up to 5 minutes", () => {
    expect(page("distance_type=1").filter).toEqual({ distance_type: 1, distance_time: 1 });
    expect(api("distance_type=2").filter).toEqual({ distance_type: 2, distance_time: 1 });
    expect(api("distance_time=3").filter).toEqual({ distance_type: 1, distance_time: 3 });
    expect(() => api("distance_type=5")).toThrow(
      "distance_type: ожидается одно из: 1 — пешком, 2 — на транспорте",
    );
    expect(() => api("distance_time=15")).toThrow(
      /distance_time: ожидается одно из: 1 — до 5 минут.*5 — до 30 минут$/,
    );
  });

  it("states the real bound in each message, and refuses an id that is not a number", () => {
    expect(() => api("min_area=20000")).toThrow(`min_area: ожидается число от 0 до ${formatNumber(10_000)}`);
    expect(() => api("page=9999999")).toThrow(`page: ожидается целое число от 1 до ${formatNumber(999_999)}`);
    expect(() => api("search[ids]=abc,-1")).toThrow(/^search\[ids\]: ожидаются номера ЖК через запятую/);
    expect(() => readApartmentApiQuery(new URLSearchParams("search[house_id]=abc"), 20)).toThrow(
      /^search\[house_id\]: ожидаются номера корпусов/,
    );
    expect(() => readApartmentApiQuery(new URLSearchParams("residential_complex_id=abc"), 20)).toThrow(
      /^residential_complex_id: ожидается номер/,
    );
    expect(page("min_price=дорого&page=0").filter).toEqual({});
  });

  it("reads search[ids]: positive numeric ids, at most 100 (more is a 400, never a silent cut)", () => {
    expect(api("search[ids]=3,x,1,-2,3").filter).toEqual({ ids: [3, 1] });
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(api(`search[ids]=${many.slice(0, 100).join(",")}`).filter.ids).toEqual(many.slice(0, 100));
    expect(() => api(`search[ids]=${many.join(",")}`)).toThrow(
      "search[ids]: слишком длинный список: не больше 100 значений",
    );
    expect(filterToApiQuery({ filter: { ids: [5, 2] }, page: 1, perPage: 100, sort: "price desc" })).toEqual({
      "search[ids]": "2,5",
      per_page: 100,
    });
  });

  it("caps per_page at 100", () => {
    expect(api("per_page=100000").perPage).toBe(100);
  });

  it("writes API keys and page URLs without empty or default values", () => {
    const query = api("search[rooms]=2,1&min_price=3000000&page=1");
    expect(filterToApiQuery(query)).toEqual({
      "search[price][min]": "3000000",
      "search[rooms]": "1,2",
      per_page: 25,
    });
    expect(filterToUrlQuery(query.filter)).toBe("?min_price=3000000&rooms=2,1");
    expect(filterToUrlQuery({}, 1, "price desc")).toBe("");
  });

  it("writes the canonical query of a form submitted without JavaScript", () => {
    const form = new URLSearchParams(
      "min_price=&max_price=8100000&rooms=1&rooms=2&deadline=&min_area=90&max_area=40&distance_type=1&distance_time=&sort=price+desc&utm_source=ya",
    );
    expect(canonicalCatalogueSearch(form)).toBe(
      "?max_price=8100000&min_area=40&max_area=90&rooms=1,2&distance_type=1&distance_time=1&utm_source=ya",
    );
    expect(canonicalCatalogueSearch(new URLSearchParams("min_price=&page=1"))).toBe("");
  });

  it("keeps only the other parameters of a page that lists without a filter (the home page)", () => {
    const search = new URLSearchParams("rooms=2&max_price=8+млн&page=2&sort=price+asc&utm_source=ya&fp=1");
    expect(canonicalUnfilteredSearch(search)).toBe("?utm_source=ya&fp=1");
    expect(canonicalUnfilteredSearch(new URLSearchParams("rooms=2"))).toBe("");
  });

  it("counts values for noindex: a range one, each list entry one, a distance one", () => {
    expect(filterValueCount({ price: { min: 1, max: 2 } })).toBe(1);
    expect(filterValueCount({ rooms: [1, 2] })).toBe(2);
    expect(filterValueCount({ distance_type: 1, distance_time: 3 })).toBe(1);
  });

  it("toggles multi-select values and resets the modal's subset only", () => {
    expect(toggleValue([1, 2], 2)).toEqual([1]);
    expect(toggleValue([1], 1)).toBeUndefined();
    expect(toggleValue(undefined, 3)).toEqual([3]);
    expect(toggleValue([1, 2], null)).toBeUndefined();
    expect(
      modalReset({
        price: { min: 1 },
        rooms: [1],
        area: { min: 30 },
        regions: [1],
        localities: [2],
        parking: [1],
      }),
    ).toEqual({ price: { min: 1 }, rooms: [1], parking: [1] });
  });
});

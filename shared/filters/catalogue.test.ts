import { describe, expect, it } from "vitest";
import {
  FilterError,
  filterToApiQuery,
  filterToUrlParams,
  idList,
  modalReset,
  readListQuery,
  toggleValue,
} from "./catalogue";

const q = (s: string, strict = true) => readListQuery(new URLSearchParams(s), 25, strict);

describe("catalogue filter", () => {
  it("reads the newer dialect", () => {
    const { filter, page, perPage, sort } = q(
      "search[price][min]=3000000&search[price][max]=8100000&search[rooms]=1,2&search[regions]=1&page=2&per_page=10&sort_column=price&sort_order=asc",
    );
    expect(filter).toEqual({ price: { min: 3_000_000, max: 8_100_000 }, rooms: [1, 2], regions: [1] });
    expect([page, perPage, sort]).toEqual([2, 10, "price asc"]);
  });

  it("reads the classic dialect with its aliases", () => {
    const { filter, sort } = q("min_price=8000000&completion_year=2026,2027&renovation=3&sort=price%20desc");
    expect(filter).toEqual({ price: { min: 8_000_000 }, deadline: [2026, 2027], otdelka: [3] });
    expect(sort).toBe("price desc");
  });

  it("keeps only numeric ids and omits empty values", () => {
    expect(idList("1,x,,2,2, 3")).toEqual([1, 2, 3]);
    expect(idList(",,")).toBeUndefined();
    expect(q("rooms=&regions=abc&min_price=").filter).toEqual({});
  });

  it("pairs distance type and time", () => {
    expect(q("distance_type=2").filter).toEqual({ distance_type: 2, distance_time: 1 });
    expect(q("distance_time=15").filter).toEqual({ distance_type: 1, distance_time: 15 });
  });

  it("refuses malformed numbers in strict mode, naming the field, and drops them in lenient mode", () => {
    expect(() => q("min_price=дорого")).toThrow(FilterError);
    expect(() => q("min_price=дорого")).toThrow(/min_price/);
    expect(() => q("page=0")).toThrow(/page/);
    expect(() => q("search[price][min]=9&search[price][max]=1")).toThrow(/price/);
    expect(q("min_price=дорого&page=0", false)).toMatchObject({ filter: {}, page: 1 });
  });

  it("reads search[ids]: positive numeric ids, at most 100, and refuses a list with none in strict mode", () => {
    expect(q("search[ids]=3,x,1,-2,3").filter).toEqual({ ids: [3, 1] });
    const many = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(q(`search[ids]=${many.join(",")}`).filter.ids).toEqual(many.slice(0, 100));
    expect(() => q("search[ids]=abc,-1")).toThrow(/ids/);
    expect(q("search[ids]=abc", false).filter).toEqual({});
    expect(filterToApiQuery({ filter: { ids: [5, 2] }, page: 1, perPage: 100, sort: "price desc" })).toEqual({
      "search[ids]": "2,5",
      per_page: 100,
    });
  });

  it("caps per_page at 100", () => {
    expect(q("per_page=100000").perPage).toBe(100);
  });

  it("writes API keys and page URLs without empty values", () => {
    const query = q("search[rooms]=2,1&min_price=3000000&page=1");
    expect(filterToApiQuery(query)).toEqual({
      "search[price][min]": 3_000_000,
      "search[rooms]": "1,2",
      per_page: 25,
    });
    expect(filterToUrlParams(query.filter).toString()).toBe("min_price=3000000&rooms=2%2C1");
  });

  it("toggles multi-select values and resets the modal's subset only", () => {
    expect(toggleValue([1, 2], 2)).toEqual([1]);
    expect(toggleValue([1], 1)).toBeUndefined();
    expect(toggleValue(undefined, 3)).toEqual([3]);
    expect(toggleValue([1, 2], null)).toBeUndefined();
    expect(
      modalReset({ price: { min: 1 }, rooms: [1], area: { min: 30 }, regions: [1], localities: [2] }),
    ).toEqual({
      price: { min: 1 },
      rooms: [1],
    });
  });
});

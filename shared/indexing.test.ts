import { describe, expect, it } from "vitest";
import { shouldIndex as indexable } from "./indexing";
import { locationBase } from "./listing";
import { matchRoute } from "./routes";
import { namedListingBase } from "./seo-filters";

/** The rule for a URL: its page's base filter as the page works it out (the others have none). */
function shouldIndex(pathname: string, search: string | URLSearchParams): boolean {
  const match = matchRoute(pathname, new URLSearchParams(search).toString());
  if (!match) return false;
  const { page } = match.route;
  const base = page === "listing" ? namedListingBase(match) : page === "location" ? locationBase(match) : {};
  return indexable(base, match.search);
}

describe("shouldIndex", () => {
  it("indexes a listing with no filter or exactly one filter value", () => {
    expect(shouldIndex("/novostroyki/", "")).toBe(true);
    expect(shouldIndex("/novostroyki/", "?rooms=2")).toBe(true);
    expect(shouldIndex("/novostroyki/", "otdelka=3")).toBe(true);
    expect(shouldIndex("/novostroyki/moskva/", "")).toBe(true);
    expect(shouldIndex("/po-metro/", "")).toBe(true);
    expect(shouldIndex("/po-metro/sokolniki/", "")).toBe(true);
    expect(shouldIndex("/", "")).toBe(true);
  });

  it("counts a price or area range, and a distance's type and time, as one value", () => {
    expect(shouldIndex("/novostroyki/", "min_price=3000000&max_price=8100000")).toBe(true);
    expect(shouldIndex("/novostroyki/", "min_area=30&max_area=60")).toBe(true);
    expect(shouldIndex("/novostroyki/", "distance_type=1&distance_time=2")).toBe(true);
    expect(shouldIndex("/novostroyki/", "min_price=3000000&min_area=30")).toBe(false);
  });

  it("ignores advertising marks, empty values and names pages do not read; never indexes a later page", () => {
    expect(shouldIndex("/novostroyki/", "page=1&rooms=1")).toBe(true);
    expect(shouldIndex("/novostroyki/", "page=3")).toBe(false);
    expect(shouldIndex("/po-metro/sokolniki/", "page=2")).toBe(false);
    expect(shouldIndex("/novostroyki/", "search[rooms]=1,2&districts=3,4&rooms=1")).toBe(true);
    expect(shouldIndex("/novostroyki/", "utm_source=ya&utm_campaign=x&fp=1&rooms=1")).toBe(true);
    expect(shouldIndex("/novostroyki/", "rooms=&otdelka=&deadline=2027")).toBe(true);
  });

  it("does not index two or more filter values", () => {
    expect(shouldIndex("/novostroyki/", "rooms=1,2")).toBe(false);
    expect(shouldIndex("/novostroyki/", "rooms=1&rooms=2")).toBe(false);
    expect(shouldIndex("/novostroyki/", "rooms=2&otdelka=3")).toBe(false);
    expect(shouldIndex("/novostroyki/", "min_price=3000000&max_price=8100000&rooms=2")).toBe(false);
    expect(shouldIndex("/novostroyki/moskva/", "rooms=2")).toBe(false);
    expect(shouldIndex("/po-metro/sokolniki/", "otdelka=3")).toBe(false);
    expect(shouldIndex("/novostroyki/moskva/s-otdelkoy/", "")).toBe(false);
  });

  it("does not index what is not a page", () => {
    expect(shouldIndex("/no-such-type/x/y/", "")).toBe(false);
    expect(shouldIndex("/novostroyki", "")).toBe(false);
  });

  it("accepts URLSearchParams as well as a query string", () => {
    expect(shouldIndex("/novostroyki/", new URLSearchParams({ rooms: "2", otdelka: "3" }))).toBe(false);
    expect(shouldIndex("/novostroyki/", new URLSearchParams({ rooms: "2" }))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { LOCATION_TYPES } from "./constants";
import { complexIdFromSlug, href, matchRoute } from "./routes";

const name = (path: string) => matchRoute(path)?.route.name ?? null;

describe("route table", () => {
  it("matches every route of SPEC §2", () => {
    expect(name("/")).toBe("home");
    expect(name("/ad/")).toBe("ad");
    expect(name("/companies/")).toBe("companies");
    expect(name("/companies/developers/")).toBe("companies-type");
    expect(name("/companies/developers/stroy-invest-12/")).toBe("company");
    expect(name("/contacts/")).toBe("contacts");
    expect(name("/data-processing-agreement/")).toBe("data-processing-agreement");
    expect(name("/mortgage/")).toBe("mortgage");
    expect(name("/policy/")).toBe("policy");
    expect(name("/special/")).toBe("special");
    expect(name("/terms-of-service/")).toBe("terms-of-service");
    expect(name("/test-modal/")).toBe("test-modal");
    expect(name("/kvartiry/novostroyka/")).toBe("apartments-complex");
    expect(name("/kvartiry/novostroyka/zhk-les-12/")).toBe("apartments-complex");
    expect(name("/kvartiry/")).toBe("apartments");
    expect(name("/kvartiry/studii/")).toBe("apartments");
    expect(name("/kvartiry/kvartira-42/")).toBe("apartment");
    expect(name("/kvartiry/kvartira-42x/")).toBe("apartments");
    expect(name("/journal/")).toBe("journal");
    expect(name("/journal/ipoteka/")).toBe("journal");
    expect(name("/journal/ipoteka/kak-vzyat/")).toBe("journal-article");
    expect(name("/novostroyki/zhk-les-12/")).toBe("complex");
    expect(name("/novostroyki/")).toBe("listing");
    expect(name("/novostroyki/moskva/")).toBe("listing");
    expect(name("/novostroyki/moskva/s-otdelkoy/")).toBe("listing");
    for (const type of LOCATION_TYPES) {
      expect(name(`/${type}/`)).toBe("by-location-type");
      expect(name(`/${type}/sokolniki/`)).toBe("by-location-type-slug");
    }
  });

  it("rejects what fails validation", () => {
    expect(name("/po-nowhere/")).toBeNull();
    expect(name("/po-nowhere/x/")).toBeNull();
    expect(name("/companies/builders/")).toBeNull();
    expect(name("/companies/developers/Bad_Slug/")).toBeNull();
    expect(name("/journal/a/b/c/")).toBeNull();
    expect(name("/policy")).toBeNull();
    expect(name("/kvartiry/novostroyka/no-digits/")).toBeNull();
    expect(name("/%E0%A4%A/")).toBeNull();
    // A listing's path of up to 300 characters.
    expect(name(`/novostroyki/${"a".repeat(300)}/`)).toBe("listing");
    expect(name(`/novostroyki/${"a".repeat(301)}/`)).toBeNull();
  });

  it("sends a complex slug without digits to the listing", () => {
    expect(name("/novostroyki/zhk-/")).toBeNull();
    expect(name("/novostroyki/zhk-les/")).toBe("listing");
    expect(matchRoute("/novostroyki/zhk-les-7/")?.params.complex).toBe("zhk-les-7");
  });

  it("builds slashed links", () => {
    expect(href("home")).toBe("/");
    expect(href("listing", { "*": "moskva" }, { min_price: 3000000, max_price: "" })).toBe(
      "/novostroyki/moskva/?min_price=3000000",
    );
    expect(href("by-location-type", { type: "po-metro" })).toBe("/po-metro/");
    expect(href("journal")).toBe("/journal/");
    expect(complexIdFromSlug("zhk-les-42")).toBe(42);
    expect(complexIdFromSlug("zhk")).toBeNull();
  });
});

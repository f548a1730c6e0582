import { describe, expect, it } from "vitest";
import { adHref, adStateOf, bannerOn, pickAds, shuffle } from "./ads";
import { LISTING_TGB_ADS, SIDEBAR_TGB_ADS } from "./constants";
// A seeded random source (mulberry32): the same seed, the same sequence.
import { random as seeded } from "./random";
import type { AdInventory, Advert, AdvertType, PlacedBanner } from "./schemas/ads";

let nextId = 0;
function advert(type: AdvertType, position: string | null = null, isReal = false): Advert {
  nextId += 1;
  return {
    id: nextId,
    type,
    is_real: isReal,
    url: `/novostroyki/zhk-${nextId}-${nextId}/`,
    properties: {
      title: `ЖК «${nextId}»`,
      text: "Квартиры",
      logo: { name: "Застройщик", color: "#1d5bd8" },
      images: [],
      position,
    },
    disclaimer: {
      title: `ЖК «${nextId}»`,
      text: "Не является публичной офертой.",
      developer: "Застройщик",
      advertiser: "Застройщик",
      inn: "7700000000",
      erid: `erid${nextId}`,
    },
  };
}

/** The seed's inventory: 12 tgb (every third is_real), 3 + 3 sidebar, 3 + 3 gallery. */
function inventory(): AdInventory {
  return {
    adverts: {
      tgb: Array.from({ length: 12 }, (_, i) => advert("tgb", null, i % 3 === 0)),
      sidebar: ["top", "top", "top", "bottom", "bottom", "bottom"].map((p) => advert("sidebar", p)),
      gallery: ["hero", "hero", "hero", "listing", "listing", "listing"].map((p) => advert("gallery", p)),
    },
    banners: { top: null, filter: null, menu: null, content: null },
  };
}

/** A filter, menu or content banner limited to `route`. */
function placed(route: string | null): PlacedBanner {
  const { type: _, is_real: __, ...banner } = advert("tgb");
  return { ...banner, route, description: "Квартиры от 5,8 млн ₽, ипотека и рассрочка." };
}

const ids = (list: readonly Advert[]) => list.map((a) => a.id);

describe("shuffle", () => {
  it("returns a permutation and leaves the input alone", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = shuffle(items, seeded(1));
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
  });

  it("puts every item first about equally often", () => {
    const random = seeded(7);
    const firsts = new Map<number, number>();
    for (let i = 0; i < 4000; i++) {
      const first = shuffle([0, 1, 2, 3], random)[0] ?? -1;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    expect([...firsts.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const n of firsts.values()) expect(n).toBeGreaterThan(850);
  });
});

describe("the ad picker", () => {
  it("fills every slot: one per gallery and sidebar position, 4 tgb for the listing and 3 for the sidebar", () => {
    const inv = inventory();
    const ads = pickAds(inv, false, seeded(42));
    expect(ads.gallery.hero?.properties.position).toBe("hero");
    expect(ads.gallery.listing?.properties.position).toBe("listing");
    expect(ads.sidebar.top?.properties.position).toBe("top");
    expect(ads.sidebar.bottom?.properties.position).toBe("bottom");
    expect(ads.tgb.listing).toHaveLength(LISTING_TGB_ADS);
    expect(ads.tgb.sidebar).toHaveLength(SIDEBAR_TGB_ADS);
    const tgb = [...ids(ads.tgb.listing), ...ids(ads.tgb.sidebar)];
    expect(new Set(tgb).size).toBe(7);
    for (const id of tgb) expect(ids(inv.adverts.tgb)).toContain(id);
  });

  it("draws the same ads from the same seed, and other ads from other seeds", () => {
    const inv = inventory();
    expect(pickAds(inv, false, seeded(5))).toEqual(pickAds(inv, false, seeded(5)));
    const draws = new Set(
      Array.from({ length: 20 }, (_, seed) => ids(pickAds(inv, false, seeded(seed)).tgb.listing).join()),
    );
    expect(draws.size).toBeGreaterThan(15);
  });

  it("shows is_real tgb to ordinary visits", () => {
    const inv = inventory();
    const seen = new Set<number>();
    for (let seed = 0; seed < 50; seed++) {
      const ads = pickAds(inv, false, seeded(seed));
      for (const a of [...ads.tgb.listing, ...ads.tgb.sidebar]) if (a.is_real) seen.add(a.id);
    }
    expect(seen.size).toBe(4);
  });

  it("leaves out every is_real tgb on an advertising visit, before picking", () => {
    const inv = inventory();
    for (let seed = 0; seed < 50; seed++) {
      const ads = pickAds(inv, true, seeded(seed));
      const tgb = [...ads.tgb.listing, ...ads.tgb.sidebar];
      // 8 of the 12 are not is_real: the 7 slots stay full.
      expect(tgb).toHaveLength(7);
      expect(tgb.filter((a) => a.is_real)).toEqual([]);
    }
  });

  it("passes the filter, menu and content banners on, but not to an advertising visit", () => {
    const inv = inventory();
    inv.banners = { top: placed(null), filter: placed(null), menu: placed(null), content: placed(null) };
    const { filter, menu, content } = inv.banners;
    expect(pickAds(inv, false, seeded(1)).banners).toEqual({ filter, menu, content });
    expect(pickAds(inv, true, seeded(1)).banners).toEqual({ filter: null, menu: null, content: null });
  });

  it("leaves slots empty when there are fewer ads than slots", () => {
    const inv = inventory();
    inv.adverts.tgb = inv.adverts.tgb.slice(0, 5);
    inv.adverts.gallery = inv.adverts.gallery.filter((a) => a.properties.position === "hero");
    inv.adverts.sidebar = [];
    const ads = pickAds(inv, false, seeded(3));
    expect(ads.tgb.listing).toHaveLength(4);
    expect(ads.tgb.sidebar).toHaveLength(1);
    expect(ads.gallery.hero).not.toBeNull();
    expect(ads.gallery.listing).toBeNull();
    expect(ads.sidebar).toEqual({ top: null, bottom: null });
    // Only is_real tgb left, on an advertising visit: nothing to show.
    inv.adverts.tgb = inv.adverts.tgb.filter((a) => a.is_real);
    expect(pickAds(inv, true, seeded(3)).tgb).toEqual({ listing: [], sidebar: [] });
  });
});

describe("ad-UTM state", () => {
  const state = (path: string) => adStateOf(new URL(path, "https://novostroyki.example"));

  it("is set by fp=1 with a campaign link", () => {
    expect(state("/special/?utm_source=yandex&utm_medium=cpc&fp=1&page=2")).toEqual({
      adv_url: "/special/?utm_source=yandex&utm_medium=cpc",
      has_adv_utm: true,
    });
  });

  it("keeps the ad url of a campaign link without fp=1, and leaves the page whole", () => {
    expect(state("/novostroyki/?utm_campaign=spring&utm_source=vk")).toEqual({
      adv_url: "/novostroyki/?utm_source=vk&utm_campaign=spring",
      has_adv_utm: false,
    });
  });

  it("is not set by fp=1 alone, another fp or an empty utm_source", () => {
    for (const path of [
      "/?fp=1",
      "/?fp=1&utm_medium=cpc",
      "/?fp=0&utm_source=yandex",
      "/?fp=1&utm_source=",
    ]) {
      expect(state(path).has_adv_utm, path).toBe(false);
    }
  });
});

describe("banner routes", () => {
  it("show a banner without a route on any page", () => {
    const banner = placed(null);
    for (const path of ["/novostroyki/", "/po-metro/sokolniki/", "/journal/ipoteka/ipoteka-na-novostroyku/"])
      expect(bannerOn(banner, path), path).toBe(banner);
    expect(bannerOn(null, "/novostroyki/")).toBeNull();
  });

  it("show a banner with a route on that page and the pages under it only", () => {
    for (const route of ["/novostroyki/moskva/", "/novostroyki/moskva"]) {
      const banner = placed(route);
      expect(bannerOn(banner, "/novostroyki/moskva/"), route).toBe(banner);
      expect(bannerOn(banner, "/novostroyki/moskva/s-otdelkoy/"), route).toBe(banner);
      for (const other of ["/novostroyki/", "/novostroyki/moskva-siti/", "/po-metro/moskva/"])
        expect(bannerOn(banner, other), `${route} on ${other}`).toBeNull();
    }
  });
});

describe("ad links", () => {
  it("lead to the advertised complex with the erid token", () => {
    const a = advert("tgb");
    expect(adHref(a)).toBe(`${a.url}?erid=${a.disclaimer.erid}`);
  });
});

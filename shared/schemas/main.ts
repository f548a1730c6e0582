import type { PageData } from "./pages";

export interface SubwayItem {
  name: string;
  slug: string;
  color: string;
  rc_count: number;
}

/**
 * SPEC §3 root state `main`, plus the catalogue's live figures for the SEO block. Its `adverts` are served by
 * their own call (shared/schemas/ads.ts AdsData).
 */
export interface MainData {
  page: PageData;
  complexes: { total: number; building_doing_count: number; building_finished_count: number };
  catalogue: {
    min_area: number;
    max_area: number;
    min_price_m2: number;
    max_price_m2: number;
    apartments: number;
  };
  subways: SubwayItem[];
}

export interface SearchResult {
  residential_complexes: { id: number; name: string; slug: string; url: string; address: string }[];
  subway_stations: { id: number; name: string; slug: string; url: string; color: string; line: string }[];
  developers: { id: number; name: string; slug: string; url: string }[];
  districts: { id: number; name: string; slug: string; url: string }[];
}

export interface SeoFilterData {
  id: number;
  path: string;
  title: string;
  h1: string;
  description: string;
  filter: import("../filters/catalogue").CatalogueFilter;
}

/** The deterministic seed: the same scale always yields the same rows. */
import { generateCatalogue } from "./catalogue";
import { generateConstruction } from "./construction";
import { generateContent } from "./content";
import { compileGeography } from "./geography";
import { Random } from "./prng";
import { type TableRows, Tables } from "./tables";
import { generateStationTrips } from "./transit";

export const SEED = 20_261_121;

/** Tables in the order their rows must be inserted (foreign keys). */
export const TABLE_ORDER = [
  "regions",
  "city_areas",
  "mo_districts",
  "localities",
  "districts",
  "lines",
  "subway_stations",
  "station_lines",
  "highways",
  "railways",
  "railway_stations",
  "companies",
  "residential_complexes",
  "complex_stations",
  "station_trips",
  "transit_state",
  "houses",
  "house_progress",
  "living_objects",
  "change_events",
  "room_stats",
  "media_categories",
  "media_posts",
  "quizzes",
  "special_offers",
  "adverts",
  "banners",
  "pages",
  "seo_filters",
  "search_entities",
] as const;

export function generateSeed(scale = 1): TableRows[] {
  const t = new Tables();
  const geo = compileGeography(t);
  generateCatalogue(t, geo, scale, new Random(SEED));
  generateConstruction(t);
  generateStationTrips(t);
  generateContent(t, new Random(SEED + 1));
  const tables = t.list();
  const unknown = tables.filter((x) => !(TABLE_ORDER as readonly string[]).includes(x.table));
  if (unknown.length)
    throw new Error(`seed tables without an order: ${unknown.map((x) => x.table).join(", ")}`);
  return TABLE_ORDER.flatMap((name) => tables.filter((x) => x.table === name));
}

/** Shapes of the catalogue answers (SPEC §3), read by the client and written by the loaders. */
import * as v from "valibot";
import type { ConstructionStage, Timeline } from "../construction/history";
import type { RiskBand } from "../construction/risk";
import type { PageMeta } from "./grid";

export const IdSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}$/, "ожидается целое положительное число"),
  v.transform(Number),
  v.minValue(1, "ожидается целое положительное число"),
);

export interface StationLink {
  id: number;
  name: string;
  slug: string;
  kind: "metro" | "mcc" | "mcd";
  color: string;
  line: string;
  /** 1 on foot, 2 by transport, 3 not known (minutes null). */
  distance_type: 1 | 2 | 3;
  minutes: number | null;
  /** Walking minutes estimated from coordinates (the feed named the station without a time). */
  estimated: boolean;
}

/** A complex page's station: where it is too, for the page's map. */
export interface StationPoint extends StationLink {
  lat: number;
  lng: number;
}

export interface RoomOffer {
  rooms: number;
  label: string;
  count: number;
  min_price: number;
  min_area: number;
  max_area: number;
}

export interface Deadline {
  year: number;
  quarter: number;
  finished: boolean;
  /** Not finished, and the deadline has passed or the developer moved it: the label says «— перенесён». */
  moved: boolean;
  label: string;
}

export interface ComplexCard {
  id: number;
  slug: string;
  name: string;
  url: string;
  developer: { id: number; name: string; slug: string };
  address: string;
  lat: number;
  lng: number;
  class: number;
  class_name: string;
  build_stage: number;
  build_stage_name: string;
  deadline: Deadline;
  min_price: number;
  max_price: number;
  min_area: number;
  max_area: number;
  min_price_m2: number;
  apartments_on_sale: number;
  floors_max: number;
  /** «Риск переноса» of its houses being built, the highest (issue 31); null: every house is finished. */
  delivery_risk: RiskBand | null;
  otdelka: number[];
  stations: StationLink[];
  rooms: RoomOffer[];
  /**
   * With a commute's destination (issue 32): the quickest way there from one of its stations on foot, null when
   * none is known («время в пути неизвестно»); absent without a destination.
   */
  commute?: CommuteTime | null;
}

/** Door to door to a commute's destination: the walk to the station, then the trip (waits and changes in it). */
export interface CommuteTime {
  minutes: number;
  walk: number;
  ride: number;
  /** To a point (`commute_at`): the minutes on foot from the last station to it, counted in `minutes`. */
  after?: number;
  transfers: number;
  /** The colours of the lines ridden, in order (none when the destination is the complex's own station). */
  colors: string[];
  /** The kinds of the same lines, in the same order: the card says what is ridden («на метро и МЦК»). */
  kinds: StationLink["kind"][];
}

/** The station a commute goes to. */
export interface CommuteDestination {
  id: number;
  name: string;
  kind: "metro" | "mcc" | "mcd";
  color: string;
  /**
   * With a point as the destination (`commute_at`): the point («55.7539,37.6208») and the minutes on foot to it
   * from this station, the station nearest it; every time to the destination counts that walk.
   */
  point?: { at: string; walk: number };
}

/**
 * A complex's ways to a commute's destination, one per station it walks to (issue 32, the complex page): the
 * quickest first, each with its time (null: no trip from that station within the longest limit).
 */
export interface CommuteRoutes {
  to: CommuteDestination;
  routes: { station: CommuteDestination; time: CommuteTime | null }[];
}

export interface ComplexList extends PageMeta {
  data: ComplexCard[];
  /** The commute's destination, when the filter names one. */
  commute_to?: CommuteDestination;
}

export interface House {
  id: number;
  name: string;
  floors: number;
  sections: number;
  per_floor: number;
  build_stage: number;
  build_stage_name: string;
  deadline: Deadline;
}

/** What the project's papers say (issue 18); null or empty: not known. */
export interface ComplexTrust {
  /** The project declaration, with its page in the unified housing-construction system (наш.дом.рф). */
  declaration: { number: string; date: string | null; url: string } | null;
  building_permit: string | null;
  escrow_bank: string | null;
  mortgage_banks: string[];
}

/** A developer's finished houses, and how many were finished more than a quarter after the first promise. */
export interface DeveloperRecord {
  finished_houses: number;
  late_houses: number;
}

/** «Риск переноса» of a house being built: its band and every input in words (shared/construction/risk.ts). */
export interface HouseRisk {
  band: RiskBand;
  label: string;
  reasons: string[];
}

/** A house's construction (issue 31): its latest report, its timeline, its deadlines' moves and its risk. */
export interface HouseConstruction {
  id: number;
  name: string;
  floors: number;
  finished: boolean;
  /** The latest report: its month ("2026-11"), stage (1–4) and readiness; null: none published. */
  latest: { month: string; stage: ConstructionStage; stage_name: string; readiness: number } | null;
  /** «срок не переносили», «срок переносили 2 раза, всего на 3 квартала». */
  moves: string;
  timeline: Timeline;
  /** null: the house is finished. */
  risk: HouseRisk | null;
  /** The developer's progress photos by month, through the image proxy, newest first. */
  photos: { month: string; url: string; date: string | null }[];
}

export interface ComplexDetail extends ComplexCard {
  region: string;
  locality: { id: number; name: string };
  district: { id: number; name: string; slug: string } | null;
  build_type: number;
  build_type_name: string;
  parking: number[];
  ceiling_height: number;
  floors_min: number;
  description: string;
  max_price_m2: number;
  houses: House[];
  stations: StationPoint[];
  trust: ComplexTrust;
  developer_record: DeveloperRecord;
  construction: HouseConstruction[];
  /** The developer's picture of the complex from its feed, through the image proxy; null: none (drawings). */
  photo: string | null;
}

export interface CompletionYear {
  year: number;
  label: string;
  count: number;
}

/** The nearest station of any published complex, by how one gets there (1 on foot, 2 by transport). */
export interface NearestDistance {
  distance_type: number;
  minutes: number;
}

/**
 * The filter form's facts (`/residential-complexes/completion-years`): the completion years with their
 * complexes, and how near a station any complex is by each way of getting there, so the form offers only the
 * distances something is found at (shared/filters/catalogue.ts distanceOptions).
 */
export interface FilterFacets {
  data: CompletionYear[];
  distances: NearestDistance[];
}

export interface LivingObject {
  id: number;
  url: string;
  complex: { id: number; name: string; slug: string; url: string };
  house: { id: number; name: string };
  section: number;
  floor: number;
  floors: number;
  number: number;
  rooms: number;
  rooms_label: string;
  area_total: number;
  area_living: number;
  area_kitchen: number;
  price: number;
  price_m2: number;
  otdelka: number;
  otdelka_name: string;
  status: number;
  status_name: string;
  /** Encoded plan geometry (shared/plan.ts). */
  plan: string;
  deadline: Deadline;
}

/** One price an apartment had, from the day it was recorded (ISO date-time). */
export interface PricePoint {
  price: number;
  date: string;
}

/** One apartment, with the prices it has had (oldest first; empty when none was recorded). */
export interface ApartmentDetail {
  data: LivingObject;
  price_history: PricePoint[];
}

export interface LivingObjectList extends PageMeta {
  data: LivingObject[];
  residential_complex: { id: number; name: string; slug: string; url: string } | null;
  filters: {
    houses: { id: number; name: string }[];
    room_types: { rooms: number; label: string; count: number }[];
  };
}

export interface RoomGroup {
  rooms: number;
  label: string;
  count: number;
  min_price: number;
  max_price: number;
  min_area: number;
  max_area: number;
}

export interface ChessCell {
  id: number;
  position: number;
  number: number;
  rooms: number;
  label: string;
  area: number;
  price: number;
  status: number;
}

export interface HouseStats {
  house: House;
  positions: number;
  floors: { floor: number; cells: ChessCell[] }[];
  counts: { on_sale: number; reserved: number; sold: number };
}

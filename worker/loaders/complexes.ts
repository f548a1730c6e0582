/** Loaders of the catalogue of complexes: the list (both filter dialects), one complex, similar, years. */
import { BUILD_STAGES, BUILD_TYPES, bitsOf, CLASSES, ROOM_LABELS } from "../../shared/codes";
import { RISK_OF_CODE } from "../../shared/construction/summary";
import {
  type CatalogueFilter,
  DISTANCE_TYPES,
  type ListQuery,
  sortsOf,
} from "../../shared/filters/catalogue";
import { formatDeadline, isOverdue, moscowQuarter } from "../../shared/format";
import type {
  CommuteDestination,
  ComplexCard,
  ComplexDetail,
  ComplexList,
  ComplexTrust,
  Deadline,
  FilterFacets,
  House,
  StationLink,
} from "../../shared/schemas/catalogue";
import { readThrough } from "../cache/kv";
import { commuteWalk } from "../db/queries/commute";
import {
  type ComplexDetailRow,
  type ComplexRow,
  cardPartsOf,
  getComplex,
  getDeveloperRecord,
  type HouseRow,
  listCompletionYears,
  listComplexes,
  listHouses,
  listNearestDistances,
  listSimilarComplexes,
  type RoomStatsRow,
  type StationLinkRow,
} from "../db/queries/complexes";
import { proxied } from "../image-proxy";
import { commuteOf, resolveCommute } from "./commute";
import { constructionOf } from "./construction";
import { type Deps, once } from "./deps";
import { resolveLocation } from "./locations";
import { pageMeta } from "./pagination";

const OTDELKA_CODES = [1, 2, 3, 4];
const PARKING_CODES = [1, 2, 3];

/**
 * A deadline as shown: moved when it is overdue (the quarter has ended and the house is not finished) or later
 * than the first one promised (`planned`, kept by the feed import when a feed moves it).
 */
export function deadlineOf(
  year: number,
  quarter: number,
  finished: boolean,
  planned?: { year: number | null; quarter: number | null },
): Deadline {
  const later = !!planned?.year && year * 4 + quarter > planned.year * 4 + (planned.quarter ?? 4);
  const moved = !finished && (later || isOverdue(year, quarter, finished, new Date()));
  return { year, quarter, finished, moved, label: formatDeadline(year, quarter, moved) };
}

/**
 * A house as every answer shows it (the complex, the house's statistics): its deadline moved when overdue or
 * later than first planned.
 */
export function houseOf(h: HouseRow): House {
  return {
    id: h.id,
    name: h.name,
    floors: h.floors,
    sections: h.sections,
    per_floor: h.per_floor,
    build_stage: h.build_stage,
    build_stage_name: BUILD_STAGES[h.build_stage as keyof typeof BUILD_STAGES] ?? "",
    deadline: deadlineOf(h.deadline_year, h.deadline_quarter, h.is_finished === 1, {
      year: h.planned_deadline_year,
      quarter: h.planned_deadline_quarter,
    }),
  };
}

/** A complex's card from its row, whose stations and offers by room type are read with it (cardPartsOf). */
function cardOf(
  r: ComplexRow,
  { stations, rooms }: { stations: StationLinkRow[]; rooms: RoomStatsRow[] },
): ComplexCard {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    url: `/novostroyki/${r.slug}/`,
    developer: { id: r.developer_id, name: r.developer_name, slug: r.developer_slug },
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    class: r.class,
    class_name: CLASSES[r.class as keyof typeof CLASSES] ?? "",
    build_stage: r.build_stage,
    build_stage_name: BUILD_STAGES[r.build_stage as keyof typeof BUILD_STAGES] ?? "",
    deadline: deadlineOf(r.deadline_year, r.deadline_quarter, r.is_finished === 1),
    min_price: r.min_price,
    max_price: r.max_price,
    min_area: r.min_area,
    max_area: r.max_area,
    min_price_m2: r.min_price_m2,
    apartments_on_sale: r.apartments_on_sale,
    floors_max: r.floors_max,
    delivery_risk: r.delivery_risk === null ? null : (RISK_OF_CODE[r.delivery_risk] ?? null),
    otdelka: bitsOf(r.otdelka_mask, OTDELKA_CODES),
    stations: stations.map(
      (s): StationLink => ({
        id: s.station_id,
        name: s.name,
        slug: s.slug,
        kind: s.kind as StationLink["kind"],
        color: s.color,
        line: s.line_number,
        distance_type: s.distance_type as StationLink["distance_type"],
        minutes: s.minutes,
        estimated: s.estimated === 1,
      }),
    ),
    rooms: rooms.map((s) => ({ ...s, label: ROOM_LABELS[s.rooms] ?? "" })),
  };
}

/** Cards of list rows. */
const cardsOf = (rows: ComplexRow[]): ComplexCard[] => rows.map((r) => cardOf(r, cardPartsOf(r)));

/**
 * The filter with a location page's place turned into its id filter (null when it names no place), and a
 * commute's point into its station and walk (resolveCommute).
 */
export async function resolvePlace(deps: Deps, query: CatalogueFilter): Promise<CatalogueFilter | null> {
  // A point as the commute's destination: its station and the walk from it (a DestinationProblem: none near).
  const filter = await resolveCommute(deps, query);
  if (!filter.location) return filter;
  const place = await resolveLocation(deps, filter.location);
  if (!place) return null;
  const { location: _, ...rest } = filter;
  return { ...rest, [place.field]: [place.id] };
}

/** The list; null when a location filter names no place, or for a page past the last (the page is a 404). */
export async function loadComplexList(deps: Deps, query: ListQuery): Promise<ComplexList | null> {
  const filter = await resolvePlace(deps, query.filter);
  if (!filter) return null;
  const q = { ...query, filter };
  const { rows, total, destination } = await listComplexes(deps.db, q);
  const meta = pageMeta(
    total,
    { page: q.page, per_page: q.perPage },
    { sort: q.sort, sorts: sortsOf(filter) },
  );
  if (!meta) return null;
  // A destination (issue 32): each card's way there. The filter's reading checked the id's range, so the
  // station is there; without it the answer has no destination rather than a guessed one.
  if (filter.commute_to === undefined || !destination) return { data: cardsOf(rows), ...meta };
  const walk = commuteWalk(filter);
  return {
    data: rows.map((r) => ({ ...cardOf(r, cardPartsOf(r)), commute: commuteOf(r.commute_json, walk) })),
    ...meta,
    commute_to: {
      ...destination,
      kind: destination.kind as CommuteDestination["kind"],
      ...(query.filter.commute_at ? { point: { at: query.filter.commute_at, walk } } : {}),
    },
  };
}

export async function loadComplex(deps: Deps, id: number): Promise<ComplexDetail | null> {
  // One round of queries, not two: everything but the complex's own row (its stations and room types with
  // it) is read by its id.
  const [row, houses, record] = await Promise.all([
    once(deps, getComplex, id),
    once(deps, listHouses, id),
    getDeveloperRecord(deps.db, { complex: id }),
  ]);
  if (!row) return null;
  const parts = cardPartsOf(row);
  const card = cardOf(row, parts);
  return {
    ...card,
    stations: card.stations.map((s, i) => ({
      ...s,
      lat: parts.stations[i]?.lat ?? 0,
      lng: parts.stations[i]?.lng ?? 0,
    })),
    region: row.region_name,
    locality: { id: row.locality_id, name: row.locality_name },
    district:
      row.district_id && row.district_name && row.district_slug
        ? { id: row.district_id, name: row.district_name, slug: row.district_slug }
        : null,
    build_type: row.build_type,
    build_type_name: BUILD_TYPES[row.build_type as keyof typeof BUILD_TYPES] ?? "",
    parking: bitsOf(row.parking_mask, PARKING_CODES),
    ceiling_height: row.ceiling_height,
    floors_min: row.floors_min,
    description: row.description,
    max_price_m2: row.max_price_m2,
    photo: proxied(row.image, deps.imageHosts ?? [], 960),
    houses: houses.map(houseOf),
    trust: trustOf(row),
    developer_record: { finished_houses: record.finished, late_houses: record.late },
    construction: constructionOf(houses, record, deps.imageHosts ?? [], new Date()),
  };
}

/** The project's page in the unified housing-construction system, found by its declaration number. */
const declarationUrl = (number: string) =>
  `https://xn--80az8a.xn--d1aqf.xn--p1ai/${encodeURI("сервисы/каталог-новостроек/список-объектов/список")}?${new URLSearchParams({ search: number })}`;

function trustOf(row: ComplexDetailRow): ComplexTrust {
  let banks: unknown;
  try {
    banks = JSON.parse(row.mortgage_banks);
  } catch {
    banks = [];
  }
  return {
    declaration: row.declaration_number
      ? {
          number: row.declaration_number,
          date: row.declaration_date,
          url: declarationUrl(row.declaration_number),
        }
      : null,
    building_permit: row.building_permit,
    escrow_bank: row.escrow_bank,
    mortgage_banks: Array.isArray(banks) ? banks.filter((b): b is string => typeof b === "string") : [],
  };
}

export async function loadSimilar(deps: Deps, id: number): Promise<{ data: ComplexCard[] } | null> {
  const [row, similar] = await Promise.all([
    once(deps, getComplex, id),
    listSimilarComplexes(deps.db, id, 8),
  ]);
  return row && { data: cardsOf(similar) };
}

/**
 * The filter form's facts: its completion years with their complexes, and the nearest station by each way of
 * getting there (the distance options it offers). Counted over every published complex, so kept in KV for 5
 * minutes like the menu's amounts (worker/loaders/main.ts), by the year they are counted from.
 */
export function loadCompletionYears(deps: Deps): Promise<FilterFacets> {
  const thisYear = moscowQuarter(new Date()).year;
  return readThrough(deps.kv, "filter-facets", String(thisYear), 300, async () => {
    const [rows, distances] = await Promise.all([
      listCompletionYears(deps.db, thisYear),
      listNearestDistances(deps.db, Object.keys(DISTANCE_TYPES).map(Number)),
    ]);
    return {
      data: rows.map((r) => ({ year: r.year, label: r.year === 0 ? "Сдан" : `${r.year}`, count: r.count })),
      distances,
    };
  });
}

/**
 * The deterministic catalogue: developers and agencies, residential complexes placed where new-builds really
 * are (Moscow, Новая Москва, the oblast's cities), their stations, houses, apartments and aggregates.
 * Prices follow distance from the centre, class and finishing. At scale 1 the catalogue has exactly 2434
 * complexes and its apartments on sale span 9–753 m² and 138 081–839 403 ₽/м² (SPEC §2's SEO block).
 */
import { encodePlan, generatePlan } from "../../../shared/plan";
import { slugify } from "../../../shared/slug";
import { distanceToPathKm, type Geography, MOSCOW_CENTRE } from "./geography";
import {
  ADJECTIVES,
  AGENCY_NAMES,
  COMPANY_ROOTS,
  COMPANY_SUFFIXES,
  NOUNS,
  PLACE_SUFFIXES,
  SINGLE_NAMES,
  STREETS,
} from "./names";
import { haversineKm, type Random } from "./prng";
import type { Tables } from "./tables";
import { addPriceHistory, complexTrust, plannedDeadline } from "./trust";

export const COMPLEXES_AT_SCALE_1 = 2434;
export const AREA_MIN = 9;
export const AREA_MAX = 753;
export const PRICE_M2_MIN = 138_081;
export const PRICE_M2_MAX = 839_403;

const LOCALITY_ABBREVIATIONS: Record<string, string> = {
  город: "г.",
  посёлок: "пос.",
  "рабочий посёлок": "рп",
  "посёлок городского типа": "пгт",
  "дачный посёлок": "дп",
  деревня: "д.",
  село: "с.",
};

const COLORS = [
  "#2f6fde",
  "#0f8a6a",
  "#b4531f",
  "#7b4fd6",
  "#c2185b",
  "#00838f",
  "#5d7a1f",
  "#8d5524",
  "#455a64",
];

interface ComplexDraft {
  id: number;
  developerId: number;
  regionId: number;
  localityId: number;
  cityAreaId: number | null;
  districtId: number | null;
  moDistrictId: number | null;
  placeName: string;
  /** «в Покровском-Стрешневе»: the place's locative from shared/geo/cases.ts. */
  placeIn: string | undefined;
  /** «г.», «пос.», «д.»: how an address names the locality. */
  placeKind: string;
  lat: number;
  lng: number;
  cls: number;
  centreKm: number;
  /** A fixed street and house number (the complexes near Сокол); otherwise the address is drawn. */
  street?: string;
  house?: string;
}

interface Apartment {
  houseId: number;
  floor: number;
  position: number;
  number: number;
  price: number;
  priceM2: number;
  area: number;
  rooms: number;
  otdelka: number;
  status: number;
}

/**
 * Complexes that stand near metro Сокол at every scale (the station a buyer types first in the e2e journey and
 * in the issue's example): the first Moscow complexes drawn are put here, in the district Сокол, on real streets
 * by the station; their walking minutes follow from the distance like every other complex's.
 */
const NEAR_SOKOL = [
  { street: "Ленинградский проспект", house: "вл. 73", lat: 55.804, lng: 37.52 },
  { street: "Балтийская улица", house: "вл. 9", lat: 55.8092, lng: 37.5178 },
  { street: "Волоколамское шоссе", house: "вл. 2", lat: 55.807, lng: 37.508 },
] as const;

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A complex's name as the market gives them, never one another complex has: «Солнечный квартал»,
 * «Горизонт», «Кунцево Парк»; when those run out, «Высота в Химках» (the place's locative as our geography
 * writes it, shared/geo/cases.ts: «Высота в Покровском-Стрешневе», «Высота на Арбате»), then
 * «Горизонт Резиденс», then a second phase «Горизонт 2».
 */
function complexName(rnd: Random, placeName: string, placeIn: string | undefined, used: Set<string>): string {
  const take = (name: string) => {
    used.add(name);
    return name;
  };
  // A place goes before a suffix only when it is one noun: «Кунцево Парк», never «Марушкинское Плаза».
  const placeIsNoun = !/\s/.test(placeName) && !/(ий|ый|ой|ое|ая|ие|ые)$/.test(placeName);
  for (let attempt = 0; attempt < 30; attempt++) {
    const kind = rnd.next();
    let name: string;
    if (kind < 0.45 || (kind >= 0.7 && !placeIsNoun)) {
      const [noun, gender] = rnd.pick(NOUNS);
      const adj = rnd.pick(ADJECTIVES)[gender];
      name = `${adj} ${noun}`;
    } else if (kind < 0.7) name = rnd.pick(SINGLE_NAMES);
    else name = `${placeName} ${rnd.pick(PLACE_SUFFIXES)}`;
    if (!used.has(name)) return take(name);
  }
  const singles = rnd.shuffle([...SINGLE_NAMES]);
  const where = placeIn ?? null;
  const candidates = [
    ...(where ? singles.map((s) => `${s} ${where}`) : []),
    ...singles.flatMap((s) => PLACE_SUFFIXES.map((x) => `${s} ${x}`)),
  ];
  const free = candidates.find((n) => !used.has(n));
  if (free) return take(free);
  for (let phase = 2; ; phase++) {
    const name = `${singles[0]} ${phase}`;
    if (!used.has(name)) return take(name);
  }
}

/** Class by distance from the centre: elite and premium inside the Garden Ring, comfort and economy outside. */
function pickClass(rnd: Random, km: number, regionId: number): number {
  const w =
    km < 4
      ? [0, 0.02, 0.25, 0.4, 0.33]
      : km < 8
        ? [0, 0.15, 0.5, 0.28, 0.07]
        : km < 14
          ? [0.05, 0.5, 0.38, 0.07, 0]
          : regionId === 1
            ? [0.15, 0.65, 0.2, 0, 0]
            : [0.35, 0.58, 0.07, 0, 0];
  return rnd.weighted([1, 2, 3, 4, 5], (c) => w[c - 1] ?? 0);
}

/** Base price of a square metre before finishing and randomness. */
function basePriceM2(km: number, cls: number, regionId: number): number {
  const location = 150_000 + 520_000 * Math.exp(-km / 7.5) + (regionId === 1 ? 60_000 : 0);
  const classFactor = [0.82, 1, 1.28, 1.65, 2.1][cls - 1] ?? 1;
  return location * classFactor;
}

const ROOM_AREAS: Record<number, [number, number]> = {
  [-1]: [45, 160],
  0: [19, 31],
  1: [33, 47],
  2: [49, 72],
  3: [70, 102],
  4: [95, 145],
  5: [135, 260],
};

function roomWeights(cls: number): number[] {
  // rooms: -1, 0, 1, 2, 3, 4, 5
  if (cls >= 4) return [0.08, 0.04, 0.14, 0.3, 0.27, 0.12, 0.05];
  if (cls === 3) return [0.03, 0.1, 0.25, 0.33, 0.22, 0.06, 0.01];
  return [0, 0.22, 0.34, 0.3, 0.13, 0.01, 0];
}

export function generateCatalogue(t: Tables, geo: Geography, scale: number, rnd: Random): void {
  const complexCount = Math.max(12, Math.round(COMPLEXES_AT_SCALE_1 * scale));
  const developerCount = Math.max(6, Math.round(complexCount / 12));
  const developers = addCompanies(t, rnd, developerCount);
  const developerWeight = new Map(developers.map((d) => [d, 0.3 + rnd.next() ** 2 * 6]));
  const drafts = placeComplexes(geo, rnd, complexCount, developers, developerWeight);

  // The catalogue's extremes (SPEC §2) are real apartments: the cheapest metre far out in the oblast, the
  // dearest and the largest in an elite complex near the centre, the smallest in a comfort-class studio block.
  const farthest = drafts.reduce((a, b) => (b.centreKm > a.centreKm ? b : a));
  const central = drafts.reduce((a, b) => (b.centreKm < a.centreKm ? b : a));
  central.cls = 5;
  const smallHost = drafts.find((d) => d.cls <= 2 && d !== farthest) ?? farthest;

  const ctx: Context = {
    names: new Set<string>(),
    houseId: 0,
    apartmentId: 0,
    devStats: new Map(),
    extremes: { farthest, central, smallHost },
  };
  for (const d of drafts) addComplex(t, geo, rnd, d, ctx);
  for (const [id, s] of ctx.devStats) {
    t.patchWhere("companies", "id", id, {
      complexes_total: s.total,
      complexes_building: s.building,
      complexes_finished: s.finished,
    });
  }
}

/** What the complexes share as they are written: names taken, the last ids, developers' counts, the extremes. */
interface Context {
  names: Set<string>;
  houseId: number;
  apartmentId: number;
  devStats: Map<number, { total: number; building: number; finished: number }>;
  extremes: { farthest: ComplexDraft; central: ComplexDraft; smallHost: ComplexDraft };
}

/** The companies: developers, then agencies; answers the developers' ids. */
function addCompanies(t: Tables, rnd: Random, developerCount: number): number[] {
  const companyNames = new Set<string>();
  const developers: number[] = [];
  for (let i = 0; i < developerCount; i++) {
    let name = "";
    for (let a = 0; a < 50 && (!name || companyNames.has(name)); a++) {
      const root = rnd.pick(COMPANY_ROOTS);
      name = rnd.chance(0.35) ? `ГК «${root}»` : `«${root} ${rnd.pick(COMPANY_SUFFIXES)}»`;
    }
    if (companyNames.has(name)) name = `«${rnd.pick(COMPANY_ROOTS)} ${i + 1}»`;
    companyNames.add(name);
    const id = i + 1;
    developers.push(id);
    const plain = name.replace(/[«»]|ГК /g, "");
    t.add("companies", {
      id,
      slug: `${slugify(plain)}-${id}`,
      type: "developer",
      name,
      description: `${name} — девелопер жилой недвижимости в Москве и Подмосковье. Компания строит жилые комплексы с продуманной инфраструктурой и продаёт квартиры по договорам долевого участия с использованием эскроу-счетов по 214-ФЗ.`,
      founded_year: rnd.int(1993, 2019),
      // The seed's companies are fictional: they have no site of their own, so the page shows none.
      site: "",
      phone: `+7 (495) ${rnd.int(100, 999)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`,
      inn: String(rnd.int(7700000000, 7799999999)),
      color: rnd.pick(COLORS),
      complexes_total: 0,
      complexes_building: 0,
      complexes_finished: 0,
    });
  }
  const agencyCount = Math.min(AGENCY_NAMES.length, Math.max(3, Math.round(developerCount / 5)));
  for (let i = 0; i < agencyCount; i++) {
    const id = developerCount + i + 1;
    const name = `Агентство недвижимости «${AGENCY_NAMES[i]}»`;
    t.add("companies", {
      id,
      slug: `${slugify(AGENCY_NAMES[i] ?? "agentstvo")}-${id}`,
      type: "agency",
      name,
      description: `${name} помогает подобрать квартиру в новостройке, проверить застройщика и договор, оформить ипотеку. Услуги для покупателя новостроек — за счёт застройщика.`,
      founded_year: rnd.int(2003, 2021),
      site: "",
      phone: `+7 (495) ${rnd.int(100, 999)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`,
      inn: String(rnd.int(5000000000, 5099999999)),
      color: rnd.pick(COLORS),
      complexes_total: 0,
      complexes_building: 0,
      complexes_finished: 0,
    });
  }
  return developers;
}

/** Where complexes stand: 45 % Moscow, 15 % New Moscow, 40 % the oblast, each with its developer and class. */
function placeComplexes(
  geo: Geography,
  rnd: Random,
  complexCount: number,
  developers: number[],
  developerWeight: Map<number, number>,
): ComplexDraft[] {
  const moscowDistricts = geo.districts.filter((d) => d.regionId === 1);
  const newMoscow = geo.districts.filter((d) => d.regionId === 2);
  const cities = geo.localities.filter((l) => l.regionId === 3);
  const sokol = moscowDistricts.find((d) => d.name === "Сокол");
  if (!sokol) throw new Error("no district Сокол in our geography");
  let nearSokol = 0;
  const drafts: ComplexDraft[] = [];
  for (let i = 0; i < complexCount; i++) {
    const where = rnd.next();
    let draft: Omit<ComplexDraft, "id" | "developerId" | "cls" | "centreKm">;
    if (where < 0.45) {
      const drawn = rnd.weighted(moscowDistricts, (x) => {
        const km = haversineKm(x.lat, x.lng, MOSCOW_CENTRE.lat, MOSCOW_CENTRE.lng);
        return 0.35 + Math.min(km, 16) / 8;
      });
      // The draws happen either way, so the rest of the catalogue stays where it was.
      const lat = drawn.lat + rnd.normal() * 0.006;
      const lng = drawn.lng + rnd.normal() * 0.01;
      const home = NEAR_SOKOL[nearSokol++];
      const d = home ? sokol : drawn;
      draft = {
        regionId: 1,
        localityId: d.localityId,
        cityAreaId: d.cityAreaId,
        districtId: d.id,
        moDistrictId: null,
        placeName: d.name,
        placeIn: d.cases?.in,
        placeKind: "",
        ...(home ?? { lat, lng }),
      };
    } else if (where < 0.6) {
      const d = rnd.weighted(
        newMoscow,
        (x) => 1 / (1 + haversineKm(x.lat, x.lng, MOSCOW_CENTRE.lat, MOSCOW_CENTRE.lng) / 15),
      );
      draft = {
        regionId: 2,
        localityId: d.localityId,
        cityAreaId: d.cityAreaId,
        districtId: d.id,
        moDistrictId: null,
        placeName: d.name,
        placeIn: d.cases?.in,
        placeKind: "",
        lat: d.lat + rnd.normal() * 0.01,
        lng: d.lng + rnd.normal() * 0.016,
      };
    } else {
      const c = rnd.weighted(cities, (x) => x.weight);
      draft = {
        regionId: 3,
        localityId: c.id,
        cityAreaId: null,
        districtId: null,
        moDistrictId: c.moDistrictId,
        placeName: c.name,
        placeIn: c.cases?.in,
        placeKind: LOCALITY_ABBREVIATIONS[c.kind] ?? "",
        lat: c.lat + rnd.normal() * 0.012,
        lng: c.lng + rnd.normal() * 0.02,
      };
    }
    const centreKm = haversineKm(draft.lat, draft.lng, MOSCOW_CENTRE.lat, MOSCOW_CENTRE.lng);
    drafts.push({
      ...draft,
      id: i + 1,
      developerId: rnd.weighted(developers, (d) => developerWeight.get(d) ?? 1),
      cls: pickClass(rnd, centreKm, draft.regionId),
      centreKm,
    });
  }
  return drafts;
}

/** One complex: its houses, every apartment of them, its aggregates, stations and row. */
/** One complex: its houses, every apartment of them, its aggregates, stations and row. */
function addComplex(t: Tables, geo: Geography, rnd: Random, d: ComplexDraft, ctx: Context): void {
  const name = complexName(rnd, d.placeName, d.placeIn, ctx.names);
  const spec = complexSpec(rnd, d);
  const { stage, buildType, ceiling, parkingMask } = spec;
  const { houses, year, quarter, complexFinished, deadlineHouse } = addHouses(t, rnd, d, spec, ctx);
  const apartments = drawApartments(rnd, d, houses, spec);
  forceExtremes(apartments, d, ctx.extremes);
  writeApartments(t, rnd, d, apartments, ctx);
  const { onSale, sale } = addRoomStats(t, d, apartments);
  const { highway, railway } = addStations(t, geo, d);
  const street = d.street ?? rnd.pick(STREETS);
  const address =
    d.regionId === 1
      ? `Москва, район ${d.placeName}, ${street}, ${d.house ?? `вл. ${rnd.int(1, 60)}`}`
      : d.regionId === 2
        ? `Москва, ${d.placeName.startsWith("поселение") ? d.placeName : `поселение ${d.placeName}`}, ${street}, вл. ${rnd.int(1, 40)}`
        : `Московская обл., ${d.placeKind ? `${d.placeKind} ` : ""}${d.placeName}, ${street}, д. ${rnd.int(1, 80)}`;
  const otdelkaMask = sale.reduce((m, a) => m | (1 << a.otdelka), 0);
  const description = complexDescription({
    name,
    cls: d.cls,
    floors: houses.map((h) => h.floors),
    underground: (parkingMask & (1 << 1)) !== 0,
    otdelka: [1, 2, 3, 4].filter((o) => otdelkaMask & (1 << o)),
    finished: complexFinished,
  });

  const prices = sale.map((a) => a.price);
  const areas = sale.map((a) => a.area);
  const ppm = sale.map((a) => a.priceM2);
  t.add("residential_complexes", {
    id: d.id,
    slug: `zhk-${slugify(name)}-${d.id}`,
    name,
    developer_id: d.developerId,
    region_id: d.regionId,
    locality_id: d.localityId,
    city_area_id: d.cityAreaId,
    district_id: d.districtId,
    mo_district_id: d.moDistrictId,
    highway_id: highway?.id ?? null,
    railway_id: railway?.id ?? null,
    address,
    lat: Math.round(d.lat * 1e5) / 1e5,
    lng: Math.round(d.lng * 1e5) / 1e5,
    class: d.cls,
    build_type: buildType,
    build_stage: complexFinished ? 3 : stage,
    deadline_year: deadlineHouse?.year ?? year,
    deadline_quarter: deadlineHouse?.quarter ?? quarter,
    is_finished: complexFinished ? 1 : 0,
    otdelka_mask: otdelkaMask,
    parking_mask: parkingMask,
    ceiling_height: ceiling,
    floors_min: Math.min(...houses.map((h) => h.floors)),
    floors_max: Math.max(...houses.map((h) => h.floors)),
    description,
    min_price: Math.min(...prices),
    max_price: Math.max(...prices),
    min_area: Math.min(...areas),
    max_area: Math.max(...areas),
    min_price_m2: Math.min(...ppm),
    max_price_m2: Math.max(...ppm),
    apartments_on_sale: onSale.length,
    views: rnd.int(20, 5000),
    is_published: 1,
    ...complexTrust(d.id, d.regionId, Math.min(...houses.map((h) => h.year))),
  });
  const s = ctx.devStats.get(d.developerId) ?? { total: 0, building: 0, finished: 0 };
  s.total += 1;
  if (complexFinished) s.finished += 1;
  else s.building += 1;
  ctx.devStats.set(d.developerId, s);
}

/** What a complex is built as: its stage, build type, ceilings, floors, houses, finishes, parking and base price. */
function complexSpec(rnd: Random, d: ComplexDraft) {
  const stageRoll = rnd.next();
  const stage = stageRoll < 0.2 ? 3 : stageRoll < 0.88 ? 2 : 1;
  const buildType =
    d.cls >= 3 ? rnd.weighted([1, 4, 5], () => 1) : rnd.weighted([1, 2, 4, 5], (x) => (x === 2 ? 1.4 : 1));
  const ceiling = r1([2.7, 2.8, 3.0, 3.2, 3.5][d.cls - 1] ?? 2.8 + (rnd.chance(0.3) ? 0.1 : 0));
  const floorsRange: [number, number] = [
    [9, 14],
    [10, 20],
    [12, 24],
    [8, 20],
    [5, 12],
  ][d.cls - 1] as [number, number];
  const houseCount = rnd.weighted([1, 2, 3, 4], (n) => [0.6, 0.28, 0.1, 0.02][n - 1] ?? 0);
  const otdelkaOptions =
    d.cls >= 4
      ? [1, 2, 4].filter(() => rnd.chance(0.6))
      : d.cls === 3
        ? [1, 3]
        : rnd.chance(0.5)
          ? [3]
          : [2, 3];
  if (!otdelkaOptions.length) otdelkaOptions.push(1);
  const parkingMask =
    (d.cls >= 3 ? 1 << 1 : rnd.chance(0.6) ? 1 << 1 : 0) |
      (rnd.chance(0.5) ? 1 << 2 : 0) |
      (d.cls <= 2 && rnd.chance(0.3) ? 1 << 3 : 0) || 1 << 2;
  const jitter = 1 + rnd.normal() * 0.07;
  const base = basePriceM2(d.centreKm, d.cls, d.regionId) * jitter;
  return { stage, buildType, ceiling, floorsRange, houseCount, otdelkaOptions, parkingMask, base };
}

type Spec = ReturnType<typeof complexSpec>;

/** Houses with their own stage and deadline; the last deadline drawn, and the complex's own. */
function addHouses(t: Tables, rnd: Random, d: ComplexDraft, spec: Spec, ctx: Context) {
  const { stage, floorsRange, houseCount } = spec;
  const houses: {
    id: number;
    floors: number;
    perFloor: number;
    stage: number;
    year: number;
    quarter: number;
    finished: boolean;
  }[] = [];
  let year = stage === 3 ? rnd.int(2019, 2025) : stage === 2 ? rnd.int(2026, 2028) : rnd.int(2028, 2030);
  let quarter = stage === 2 && year === 2026 ? 4 : rnd.int(1, 4);
  for (let h = 0; h < houseCount; h++) {
    const finished = stage === 3 || (stage === 2 && h === 0 && houseCount > 1 && rnd.chance(0.3));
    const hYear = finished && stage !== 3 ? rnd.int(2023, 2025) : year;
    const floors = rnd.int(floorsRange[0], floorsRange[1]);
    const perFloor = d.cls >= 4 ? rnd.int(2, 3) : rnd.int(3, 6);
    const houseId = ++ctx.houseId;
    houses.push({
      id: houseId,
      floors,
      perFloor,
      stage: finished ? 3 : stage,
      year: hYear,
      quarter,
      finished,
    });
    t.add("houses", {
      id: houseId,
      complex_id: d.id,
      name: `Корпус ${h + 1}`,
      floors,
      sections: 1,
      per_floor: perFloor,
      build_stage: finished ? 3 : stage,
      deadline_year: hYear,
      deadline_quarter: quarter,
      is_finished: finished ? 1 : 0,
      ...plannedDeadline(t, { id: houseId, complexId: d.id, year: hYear, quarter, finished }),
    });
    if (!finished) {
      quarter += rnd.int(1, 3);
      if (quarter > 4) {
        quarter -= 4;
        year += 1;
      }
    }
  }
  const open = houses.filter((h) => !h.finished);
  const complexFinished = open.length === 0;
  const deadlineHouse = complexFinished ? houses[houses.length - 1] : open[0];
  return { houses, year, quarter, complexFinished, deadlineHouse };
}

type House = ReturnType<typeof addHouses>["houses"][number];

/** Apartments: every position of every floor of every house (the chessboard). */
function drawApartments(rnd: Random, d: ComplexDraft, houses: House[], spec: Spec): Apartment[] {
  const { otdelkaOptions, base } = spec;
  const weights = roomWeights(d.cls);
  const roomValues = [-1, 0, 1, 2, 3, 4, 5];
  const apartments: Apartment[] = [];
  for (const h of houses) {
    const layout = Array.from({ length: h.perFloor }, () =>
      rnd.weighted(roomValues, (r) => weights[r + 1] ?? 0),
    );
    const soldShare = h.finished ? 0.72 : h.stage === 1 ? 0.12 : 0.45;
    let number = 0;
    for (let floor = 1; floor <= h.floors; floor++) {
      for (let position = 1; position <= h.perFloor; position++) {
        number += 1;
        const top = floor === h.floors;
        let rooms = layout[position - 1] ?? 1;
        if (top && d.cls >= 4 && position === 1) rooms = 5;
        const [aMin, aMax] = ROOM_AREAS[rooms] ?? [35, 60];
        let area = r1(rnd.float(aMin, aMax) * (d.cls >= 4 ? 1.35 : 1));
        const otdelka = rnd.pick(otdelkaOptions);
        const floorFactor = 1 + Math.min(floor, 30) * 0.003 + (top ? 0.06 : 0);
        const otdelkaFactor = [1, 1.04, 1, 1.09, 1.16][otdelka] ?? 1;
        const sizeFactor = rooms === 0 ? 1.12 : rooms >= 4 ? 0.96 : 1;
        let priceM2 = Math.round(base * floorFactor * otdelkaFactor * sizeFactor * (1 + rnd.normal() * 0.03));
        priceM2 = Math.min(PRICE_M2_MAX - 1, Math.max(PRICE_M2_MIN + 1, priceM2));
        area = Math.min(AREA_MAX - 1, Math.max(AREA_MIN + 1, area));
        const statusRoll = rnd.next();
        const status = statusRoll < soldShare ? 3 : statusRoll < soldShare + 0.05 ? 2 : 1;
        apartments.push({
          houseId: h.id,
          floor,
          position,
          number,
          area,
          rooms,
          otdelka,
          priceM2,
          price: Math.round(area * priceM2),
          status,
        });
      }
    }
  }
  return apartments;
}

/** The extremes of SPEC §2, written onto real apartments, put on sale. */
function forceExtremes(apartments: Apartment[], d: ComplexDraft, extremes: Context["extremes"]): void {
  const { farthest, central, smallHost } = extremes;
  const force = (pick: (a: Apartment) => boolean, set: (a: Apartment) => void) => {
    const ap = apartments.find(pick) ?? apartments[0];
    if (!ap) return;
    set(ap);
    ap.status = 1;
    ap.price = Math.round(ap.area * ap.priceM2);
  };
  if (d === farthest)
    force(
      (a) => a.rooms >= 1,
      (a) => (a.priceM2 = PRICE_M2_MIN),
    );
  if (d === central) {
    force(
      (a) => a.rooms === 5,
      (a) => (a.area = AREA_MAX),
    );
    force(
      (a) => a.rooms === 2,
      (a) => (a.priceM2 = PRICE_M2_MAX),
    );
  }
  if (d === smallHost) {
    force(
      (a) => a.rooms === 0,
      (a) => {
        a.area = AREA_MIN;
        a.rooms = 0;
      },
    );
  }
}

function writeApartments(
  t: Tables,
  rnd: Random,
  d: ComplexDraft,
  apartments: Apartment[],
  ctx: Context,
): void {
  for (const a of apartments) {
    const apartmentId = ++ctx.apartmentId;
    const livingShare = a.rooms <= 0 ? 0.55 : 0.5 + Math.min(a.rooms, 4) * 0.04;
    t.add("living_objects", {
      id: apartmentId,
      complex_id: d.id,
      house_id: a.houseId,
      section: 1,
      floor: a.floor,
      position: a.position,
      number: a.number,
      rooms: a.rooms,
      area_total: a.area,
      area_living: r1(a.area * livingShare),
      area_kitchen: a.rooms <= 0 ? r1(a.area * 0.18) : r1(Math.min(25, 8 + a.area * 0.08)),
      price: a.price,
      price_m2: a.priceM2,
      otdelka: a.otdelka,
      status: a.status,
      plan: encodePlan(generatePlan(a.rooms, a.area, () => rnd.next())),
    });
    addPriceHistory(t, {
      id: apartmentId,
      complexId: d.id,
      houseId: a.houseId,
      price: a.price,
      status: a.status,
    });
  }
}

/** Aggregates of the apartments on sale (the first apartment where none is). */
function addRoomStats(t: Tables, d: ComplexDraft, apartments: Apartment[]) {
  const onSale = apartments.filter((a) => a.status === 1);
  const sale = onSale.length ? onSale : apartments.slice(0, 1);
  const byRooms = new Map<number, Apartment[]>();
  for (const a of sale) byRooms.set(a.rooms, [...(byRooms.get(a.rooms) ?? []), a]);
  for (const [rooms, list] of [...byRooms].sort((a, b) => a[0] - b[0])) {
    t.add("room_stats", {
      complex_id: d.id,
      rooms,
      count: list.length,
      min_price: Math.min(...list.map((a) => a.price)),
      max_price: Math.max(...list.map((a) => a.price)),
      min_area: Math.min(...list.map((a) => a.area)),
      max_area: Math.max(...list.map((a) => a.area)),
      min_price_m2: Math.min(...list.map((a) => a.priceM2)),
      max_price_m2: Math.max(...list.map((a) => a.priceM2)),
      otdelka_mask: list.reduce((m, a) => m | (1 << a.otdelka), 0),
    });
  }

  return { onSale, sale };
}

/** Nearest stations: walking under 1.6 km, by transport up to 12 km; at most three. The highway and railway. */
function addStations(t: Tables, geo: Geography, d: ComplexDraft) {
  const near = geo.stations
    .map((s) => ({ s, km: haversineKm(d.lat, d.lng, s.lat, s.lng) }))
    .filter((x) => x.km < 12)
    .sort((a, b) => a.km - b.km)
    .slice(0, 3);
  for (const { s, km } of near) {
    const foot = km < 1.6;
    t.add("complex_stations", {
      complex_id: d.id,
      station_id: s.id,
      distance_type: foot ? 1 : 2,
      minutes: foot ? Math.max(3, Math.round(km * 13 + 1)) : Math.min(45, Math.round(km * 2.6 + 6)),
    });
  }
  const highway = geo.highways
    .map((h) => ({ id: h.id, km: distanceToPathKm(d.lat, d.lng, h.path) }))
    .filter((h) => h.km < 5 && d.centreKm > 9)
    .sort((a, b) => a.km - b.km)[0];
  const railway = geo.railwayStations
    .map((s) => ({ id: s.railwayId, km: haversineKm(d.lat, d.lng, s.lat, s.lng) }))
    .filter((s) => s.km < 3.5)
    .sort((a, b) => a.km - b.km)[0];

  return { highway, railway };
}

/** How the finishes on sale are worded in a description: «с чистовой отделкой», «без отделки». */
const FINISH_WORDS: Record<number, string> = {
  1: "в предчистовой отделке",
  2: "без отделки",
  3: "с чистовой отделкой",
  4: "с отделкой и мебелью",
};

/**
 * A complex's description, written from its facts so it never contradicts them: the class, the houses and
 * their height, what the yard and parking are (underground parking only when the complex has it), the
 * finishes of the apartments on sale, and whether the houses are finished.
 */
export function complexDescription(c: {
  name: string;
  cls: number;
  floors: readonly number[];
  underground: boolean;
  otdelka: readonly number[];
  finished: boolean;
}): string {
  const classWord = ["эконом", "комфорт", "бизнес", "премиум", "элит"][c.cls - 1] ?? "комфорт";
  const top = Math.max(...c.floors);
  const houses = c.floors.length === 1 ? "один корпус" : `${c.floors.length} корпуса`;
  const yard =
    c.cls >= 3
      ? `Закрытая территория без машин${c.underground ? ", подземный паркинг" : ""}, лобби с консьерж-сервисом.`
      : "Двор без машин, детские и спортивные площадки, коммерческие помещения на первых этажах.";
  const finishes = c.otdelka.map((o) => FINISH_WORDS[o]).filter(Boolean);
  const sale = finishes.length
    ? ` Квартиры продаются ${finishes.length > 1 ? `${finishes.slice(0, -1).join(", ")} или ${finishes.at(-1)}` : finishes[0]}.`
    : "";
  const stage = c.finished ? (c.floors.length === 1 ? " Дом сдан." : " Все корпуса сданы.") : "";
  return `ЖК «${c.name}» — жилой комплекс ${classWord}-класса: ${houses} высотой до ${top} ${top % 10 === 1 && top % 100 !== 11 ? "этажа" : "этажей"}. ${yard}${sale}${stage}`;
}

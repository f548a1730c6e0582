/** Compiles our geography (shared/geo) into D1 rows and the lookups the catalogue generator needs. */

import { CITIES, DISTRICTS, HIGHWAYS, LINES, MO_DISTRICTS, OKRUGS, RAILWAYS } from "../../../shared/geo";
import {
  CITY_CASES,
  casesOf,
  DISTRICT_CASES,
  HIGHWAY_CASES,
  MO_DISTRICT_CASES,
  OKRUG_CASES,
  type PlaceCases,
  RAILWAY_CASES,
} from "../../../shared/geo/cases";
import { REGIONS } from "../../../shared/geo/regions";
import type { LineKind } from "../../../shared/geo/types";
import { slugify } from "../../../shared/slug";
import { haversineKm } from "./prng";
import type { Tables } from "./tables";

export const MOSCOW_CENTRE = { lat: 55.7539, lng: 37.6208 };

export interface Place {
  id: number;
  name: string;
  /** «в Покровском-Стрешневе», «Покровского-Стрешнева» (shared/geo/cases.ts), where the place has them. */
  cases?: PlaceCases;
  lat: number;
  lng: number;
}

export interface StationPlace extends Place {
  kind: LineKind;
  lineId: number;
}

export interface LocalityPlace extends Place {
  kind: string;
  regionId: number;
  moDistrictId: number | null;
  weight: number;
  population: number;
}

export interface DistrictPlace extends Place {
  cityAreaId: number;
  regionId: number;
  kind: string;
  /** The locality the district belongs to (Москва, or the New Moscow settlement itself). */
  localityId: number;
}

export interface Geography {
  districts: DistrictPlace[];
  localities: LocalityPlace[];
  stations: StationPlace[];
  highways: { id: number; path: [number, number][] }[];
  railwayStations: (Place & { railwayId: number })[];
  moDistrictName: Map<number, string>;
}

/** A place's cases as the columns of its row. */
const names = (c: PlaceCases) => ({ name_in: c.in, name_of: c.of });

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let i = 2; used.has(slug); i++) slug = `${base}-${i}`;
  used.add(slug);
  return slug;
}

export function compileGeography(t: Tables): Geography {
  for (const r of REGIONS)
    t.add("regions", {
      id: r.id,
      slug: r.slug,
      name: r.name,
      name_in: r.nameIn,
      name_of: r.nameOf,
      sort: r.id,
    });
  const moscow = REGIONS[0];
  if (!moscow) throw new Error("no region Москва");

  const okrugId = new Map<string, number>();
  OKRUGS.forEach((o, i) => {
    okrugId.set(o.slug, i + 1);
    t.add("city_areas", {
      id: i + 1,
      slug: o.slug,
      name: o.name,
      abbrev: o.abbrev,
      ...names(casesOf(OKRUG_CASES, o.name)),
      region_id: o.region === "moscow" ? 1 : 2,
      lat: o.lat,
      lng: o.lng,
    });
  });

  const moId = new Map<string, number>();
  const moDistrictName = new Map<number, string>();
  MO_DISTRICTS.forEach((m, i) => {
    moId.set(m.slug, i + 1);
    moDistrictName.set(i + 1, m.name);
    t.add("mo_districts", {
      id: i + 1,
      slug: m.slug,
      name: m.name,
      kind: m.kind,
      centre: m.centre,
      ...names(casesOf(MO_DISTRICT_CASES, m.name)),
    });
  });

  const localities: LocalityPlace[] = [];
  const localitySlugs = new Set<string>();
  const addLocality = (l: Omit<LocalityPlace, "id"> & { slug: string }) => {
    const id = localities.length + 1;
    const slug = uniqueSlug(l.slug, localitySlugs);
    localities.push({ id, ...l });
    t.add("localities", {
      id,
      slug,
      name: l.name,
      kind: l.kind,
      name_in: l.cases?.in ?? null,
      name_of: l.cases?.of ?? null,
      region_id: l.regionId,
      mo_district_id: l.moDistrictId,
      lat: l.lat,
      lng: l.lng,
      population: l.population,
    });
    return id;
  };
  const moscowId = addLocality({
    slug: "moskva",
    name: "Москва",
    cases: { in: moscow.nameIn, of: moscow.nameOf },
    kind: "город",
    regionId: 1,
    moDistrictId: null,
    lat: MOSCOW_CENTRE.lat,
    lng: MOSCOW_CENTRE.lng,
    population: 13_100_000,
    weight: 0,
  });

  const districts: DistrictPlace[] = [];
  DISTRICTS.forEach((d, i) => {
    const okrug = OKRUGS.find((o) => o.slug === d.okrug);
    const cityAreaId = okrugId.get(d.okrug);
    if (!okrug || !cityAreaId) throw new Error(`district ${d.name}: unknown okrug ${d.okrug}`);
    const regionId = okrug.region === "moscow" ? 1 : 2;
    const cases = casesOf(DISTRICT_CASES, d.name);
    // New Moscow's settlements are also its localities (the cascade region → locality → station).
    const localityId =
      regionId === 2
        ? addLocality({
            slug: d.slug,
            name: d.name,
            cases,
            kind: d.kind,
            regionId: 2,
            moDistrictId: null,
            lat: d.lat,
            lng: d.lng,
            population: 0,
            weight: 0,
          })
        : moscowId;
    districts.push({
      id: i + 1,
      name: d.name,
      cases,
      lat: d.lat,
      lng: d.lng,
      cityAreaId,
      regionId,
      kind: d.kind,
      localityId,
    });
    t.add("districts", {
      id: i + 1,
      slug: d.slug,
      name: d.name,
      kind: d.kind,
      ...names(cases),
      city_area_id: cityAreaId,
      lat: d.lat,
      lng: d.lng,
    });
  });

  for (const c of CITIES) {
    const mo = moId.get(c.moDistrict);
    if (!mo) throw new Error(`city ${c.name}: unknown municipal district ${c.moDistrict}`);
    addLocality({
      slug: c.slug,
      name: c.name,
      cases: casesOf(CITY_CASES, c.name),
      kind: c.kind,
      regionId: 3,
      moDistrictId: mo,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
      weight: c.weight,
    });
  }

  // Stations: one per name within a kind; transfer stations keep every line.
  const stations: StationPlace[] = [];
  const stationByKey = new Map<string, StationPlace>();
  const stationSlugs = new Map<LineKind, Set<string>>();
  LINES.forEach((line, li) => {
    const lineId = li + 1;
    t.add("lines", {
      id: lineId,
      number: line.number,
      kind: line.kind,
      name: line.name,
      color: line.color,
      sort: lineId,
    });
    line.stations.forEach((s, position) => {
      const key = `${line.kind}:${s.name.replace(/ё/g, "е")}`;
      let station = stationByKey.get(key);
      if (!station) {
        station = { id: stations.length + 1, name: s.name, lat: s.lat, lng: s.lng, kind: line.kind, lineId };
        stations.push(station);
        stationByKey.set(key, station);
        const used = stationSlugs.get(line.kind) ?? new Set<string>();
        stationSlugs.set(line.kind, used);
        t.add("subway_stations", {
          id: station.id,
          slug: uniqueSlug(slugify(s.name), used),
          name: s.name,
          kind: line.kind,
          line_id: lineId,
          locality_id: stationLocality(s.lat, s.lng, localities, moscowId),
          lat: s.lat,
          lng: s.lng,
        });
      }
      t.add("station_lines", { station_id: station.id, line_id: lineId, position });
    });
  });

  const highways = HIGHWAYS.map((h, i) => {
    t.add("highways", {
      id: i + 1,
      slug: h.slug,
      name: h.name,
      ...names(casesOf(HIGHWAY_CASES, h.name)),
      path: JSON.stringify(h.path),
    });
    return { id: i + 1, path: h.path };
  });

  const railwayStations: (Place & { railwayId: number })[] = [];
  RAILWAYS.forEach((r, i) => {
    t.add("railways", {
      id: i + 1,
      slug: r.slug,
      name: r.name,
      ...names(casesOf(RAILWAY_CASES, r.name)),
      terminal: r.terminal,
    });
    const used = new Set<string>();
    r.stations.forEach((s, position) => {
      const id = railwayStations.length + 1;
      railwayStations.push({ id, name: s.name, lat: s.lat, lng: s.lng, railwayId: i + 1 });
      t.add("railway_stations", {
        id,
        railway_id: i + 1,
        slug: uniqueSlug(slugify(s.name), used),
        name: s.name,
        position,
        lat: s.lat,
        lng: s.lng,
      });
    });
  });

  return { districts, localities, stations, highways, railwayStations, moDistrictName };
}

/** Within ~17 km of the centre a station is in Moscow; further out, the nearest locality within 8 km. */
function stationLocality(
  lat: number,
  lng: number,
  localities: LocalityPlace[],
  moscowId: number,
): number | null {
  if (haversineKm(lat, lng, MOSCOW_CENTRE.lat, MOSCOW_CENTRE.lng) < 17) return moscowId;
  let best: { id: number; d: number } | null = null;
  for (const l of localities) {
    if (l.id === moscowId) continue;
    const d = haversineKm(lat, lng, l.lat, l.lng);
    if (d < 8 && (!best || d < best.d)) best = { id: l.id, d };
  }
  return best?.id ?? null;
}

/** Distance in km from a point to a polyline (flat-earth approximation, fine at city scale). */
export function distanceToPathKm(lat: number, lng: number, path: [number, number][]): number {
  const kx = 111.32 * Math.cos((lat * Math.PI) / 180);
  const ky = 110.57;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < path.length; i++) {
    const [aLat, aLng] = path[i] as [number, number];
    const [bLat, bLng] = path[i + 1] as [number, number];
    const ax = (aLng - lng) * kx;
    const ay = (aLat - lat) * ky;
    const bx = (bLng - lng) * kx;
    const by = (bLat - lat) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const len = dx * dx + dy * dy;
    const tt = len ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len)) : 0;
    best = Math.min(best, Math.hypot(ax + tt * dx, ay + tt * dy));
  }
  return best;
}

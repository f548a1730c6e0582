/// <reference types="node" />
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { slugify } from "../slug";
import {
  BASEMAP,
  CITIES,
  DISTRICTS,
  HIGHWAYS,
  LINES,
  MO_DISTRICTS,
  OKRUGS,
  RAILWAYS,
  RING_LINE_NUMBERS,
} from "./index";

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

type LatLng = { lat: number; lng: number };

const CENTRE: LatLng = { lat: 55.7517, lng: 37.6178 }; // Кремль

/** Great-circle distance in metres. */
function distance(a: LatLng, b: LatLng): number {
  const r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r;
  const dLng = (b.lng - a.lng) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const pt = ([lat, lng]: readonly [number, number]): LatLng => ({ lat, lng });

function pathLength(path: readonly (readonly [number, number])[]): number {
  let sum = 0;
  for (let i = 1; i < path.length; i++) sum += distance(pt(path[i - 1]!), pt(path[i]!));
  return sum;
}

/** Ray casting on [x, y] rings (x = lng, y = lat). */
function inRing(p: LatLng, ring: readonly (readonly number[])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i]!;
    const [xj = 0, yj = 0] = ring[j]!;
    if (yi > p.lat !== yj > p.lat && p.lng < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A [lat, lng] path as an [x, y] ring. */
const asXY = (path: readonly (readonly [number, number])[]): number[][] =>
  path.map(([lat, lng]) => [lng, lat]);

/** Folds case, ё/е and whitespace, for comparing names with the reference. */
const fold = (name: string): string => name.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();

/** Moscow + Moscow Oblast, generously. */
const REGION_BOX = { minLat: 54.2, maxLat: 57.0, minLng: 35.1, maxLng: 40.3 };
const inRegion = (p: LatLng): boolean =>
  p.lat >= REGION_BOX.minLat &&
  p.lat <= REGION_BOX.maxLat &&
  p.lng >= REGION_BOX.minLng &&
  p.lng <= REGION_BOX.maxLng;

const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function expectUnique(values: readonly string[], what: string): void {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const v of values) {
    if (seen.has(v)) dupes.push(v);
    seen.add(v);
  }
  expect(dupes, `duplicate ${what}`).toEqual([]);
}

const ring = (name: string) => {
  const r = BASEMAP.rings.find((x) => x.name === name);
  if (!r) throw new Error(`no ring ${name}`);
  return r;
};
const MKAD_XY = asXY(ring("МКАД").path);
const insideMkad = (p: LatLng): boolean => inRing(p, MKAD_XY);

// ---------------------------------------------------------------------------------------------------------
// (a) Internal consistency
// ---------------------------------------------------------------------------------------------------------

describe("metro lines", () => {
  it("has every line in service in November 2026 and nothing else", () => {
    expect(LINES.map((l) => l.number).sort()).toEqual(
      [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "8А",
        "9",
        "10",
        "11",
        "12",
        "14",
        "15",
        "16",
        "D1",
        "D2",
        "D3",
        "D4",
      ].sort(),
    );
  });

  it("uses the right kinds, unique numbers, valid colours", () => {
    expectUnique(
      LINES.map((l) => l.number),
      "line numbers",
    );
    for (const l of LINES) {
      expect(l.color, l.number).toMatch(/^#[0-9A-F]{6}$/);
      expect(l.name.length, l.number).toBeGreaterThan(3);
      const kind = l.number === "14" ? "mcc" : l.number.startsWith("D") ? "mcd" : "metro";
      expect(l.kind, l.number).toBe(kind);
    }
    // Only 8 and 8А (one Калининско-Солнцевская family) share a colour.
    const byColour = new Map<string, string[]>();
    for (const l of LINES) byColour.set(l.color, [...(byColour.get(l.color) ?? []), l.number]);
    const shared = [...byColour.values()].filter((v) => v.length > 1);
    expect(shared).toEqual([["8", "8А"]]);
  });

  it("has the expected number of stations on the lines we know by heart", () => {
    const count = (n: string) => LINES.find((l) => l.number === n)?.stations.length;
    expect(count("5")).toBe(12);
    expect(count("11")).toBe(29); // the ring without the Шелепиха — Деловой центр fork, closed since 2024
    expect(count("14")).toBe(31);
    expect(count("16")).toBe(11);
    expect(count("12")).toBe(7);
    expect(count("15")).toBe(8);
    expect(count("8")).toBe(8);
  });

  it("has unique station names per line, slug-able, and coordinates in the region", () => {
    for (const l of LINES) {
      expectUnique(
        l.stations.map((s) => slugify(s.name)),
        `stations on ${l.number}`,
      );
      for (const s of l.stations) {
        expect(slugify(s.name), s.name).toMatch(SLUG_RE);
        expect(inRegion(s), `${l.number} ${s.name}`).toBe(true);
      }
    }
  });

  it("lists stations in order: neighbours are 0.3–7 km apart", () => {
    // Known jumps that are not neighbours on the track: the Филёвская branch is listed after the main line,
    // and Новопеределкино is a spur off Солнечная.
    const notNeighbours = new Set(["4:Александровский сад→Выставочная", "D4:Новопеределкино→Солнечная"]);
    for (const l of LINES) {
      const st = l.stations;
      const pairs: [LatLng & { name: string }, LatLng & { name: string }][] = [];
      for (let i = 1; i < st.length; i++) pairs.push([st[i - 1]!, st[i]!]);
      if (RING_LINE_NUMBERS.includes(l.number)) pairs.push([st[st.length - 1]!, st[0]!]);
      for (const [a, b] of pairs) {
        const key = `${l.number}:${a.name}→${b.name}`;
        if (notNeighbours.has(key)) continue;
        const d = distance(a, b);
        expect(d, key).toBeGreaterThan(300);
        expect(d, key).toBeLessThan(7000);
      }
    }
  });

  it("keeps the ring lines around the centre and the metro mostly inside the МКАД", () => {
    for (const n of RING_LINE_NUMBERS) {
      const l = LINES.find((x) => x.number === n);
      expect(l, n).toBeDefined();
      const xy = asXY(l!.stations.map((s) => [s.lat, s.lng] as [number, number]));
      expect(inRing(CENTRE, xy), `centre inside ring ${n}`).toBe(true);
    }
    const all = LINES.filter((l) => l.kind !== "mcd").flatMap((l) => l.stations);
    const inside = all.filter(insideMkad).length;
    expect(inside / all.length).toBeGreaterThan(0.85);
  });
});

describe("okrugs and districts of Moscow", () => {
  it("has 12 okrugs with slug = slugify(abbrev) and the right regions", () => {
    expect(OKRUGS).toHaveLength(12);
    expectUnique(
      OKRUGS.map((o) => o.slug),
      "okrug slugs",
    );
    for (const o of OKRUGS) {
      expect(o.slug).toBe(slugify(o.abbrev));
      expect(o.name).toMatch(/ административный округ$/);
      expect(inRegion(o), o.name).toBe(true);
      const newMoscow = o.slug === "nao" || o.slug === "tao";
      expect(o.region, o.name).toBe(newMoscow ? "new-moscow" : "moscow");
    }
  });

  it("has all 146 municipal units: 125 районы, 19 поселений, 2 городских округа", () => {
    expect(DISTRICTS).toHaveLength(146);
    const byKind = (k: string) => DISTRICTS.filter((d) => d.kind === k).length;
    expect(byKind("район")).toBe(125);
    expect(byKind("поселение")).toBe(19);
    expect(byKind("городской округ")).toBe(2);
    expectUnique(
      DISTRICTS.map((d) => d.slug),
      "district slugs",
    );
  });

  it("links every district to an existing okrug; New Moscow has no районы, old Moscow no поселения", () => {
    const okrugs = new Map(OKRUGS.map((o) => [o.slug, o]));
    for (const d of DISTRICTS) {
      expect(d.slug, d.name).toBe(slugify(d.name));
      const o = okrugs.get(d.okrug);
      expect(o, `${d.name} → ${d.okrug}`).toBeDefined();
      expect(d.kind === "район", d.name).toBe(o?.region === "moscow");
      expect(inRegion(d), d.name).toBe(true);
    }
    const perOkrug = (slug: string) => DISTRICTS.filter((d) => d.okrug === slug).length;
    expect(perOkrug("tsao")).toBe(10);
    expect(perOkrug("zelao")).toBe(5);
    expect(perOkrug("nao")).toBe(11);
    expect(perOkrug("tao")).toBe(10);
  });
});

describe("roads, railways, base map", () => {
  it("has about 20 radial highways going outwards from the МКАД", () => {
    expect(HIGHWAYS.length).toBeGreaterThanOrEqual(20);
    expectUnique(
      HIGHWAYS.map((h) => h.slug),
      "highway slugs",
    );
    for (const h of HIGHWAYS) {
      expect(h.slug).toBe(slugify(h.name));
      expect(h.name).toMatch(/шоссе/);
      expect(h.path.length, h.name).toBeGreaterThanOrEqual(3);
      expect(h.path.length, h.name).toBeLessThanOrEqual(6);
      const pts = h.path.map(pt);
      const first = pts[0]!;
      // Starts at (or just inside) the МКАД: no further than 2 km outside our ring.
      const nearMkad = insideMkad(first) || ring("МКАД").path.some((p) => distance(pt(p), first) < 2500);
      expect(nearMkad, `${h.name} starts at the МКАД`).toBe(true);
      for (const p of pts.slice(1)) expect(insideMkad(p), `${h.name} leaves the МКАД`).toBe(false);
      const out = pts.map((p) => distance(CENTRE, p));
      for (let i = 1; i < out.length; i++)
        expect(out[i]!, `${h.name} goes outwards`).toBeGreaterThan(out[i - 1]!);
      expect(out[out.length - 1]!, h.name).toBeGreaterThan(20_000);
      for (const p of pts) expect(inRegion(p), h.name).toBe(true);
    }
  });

  it("has the ten railway directions, each from its terminal outwards", () => {
    expect(RAILWAYS.map((r) => r.slug).sort()).toEqual(
      [
        "belorusskoe",
        "gorkovskoe",
        "kazanskoe",
        "kievskoe",
        "kurskoe",
        "leningradskoe",
        "paveletskoe",
        "rizhskoe",
        "savelovskoe",
        "yaroslavskoe",
      ].sort(),
    );
    for (const r of RAILWAYS) {
      expect(r.slug).toBe(slugify(r.name.replace(/ направление$/, "")));
      expect(r.stations.length, r.name).toBeGreaterThanOrEqual(6);
      expect(r.stations.length, r.name).toBeLessThanOrEqual(12);
      expect(r.stations[0]?.name, r.name).toBe(r.terminal);
      expect(r.terminal).toMatch(/вокзал$/);
      const out = r.stations.map((s) => distance(CENTRE, s));
      expect(out[0]!, `${r.name}: terminal near the centre`).toBeLessThan(6000);
      for (let i = 1; i < out.length; i++)
        expect(out[i]!, `${r.name} ${r.stations[i]?.name}`).toBeGreaterThan(out[i - 1]!);
      expect(out[out.length - 1]!, r.name).toBeGreaterThan(40_000);
      for (const s of r.stations) expect(inRegion(s), s.name).toBe(true);
    }
  });

  it("has closed rings of the required detail, nested inside each other", () => {
    const minPoints: Record<string, number> = { МКАД: 40, ТТК: 24, "Садовое кольцо": 20, ЦКАД: 30 };
    expect(BASEMAP.rings.map((r) => r.name).sort()).toEqual(Object.keys(minPoints).sort());
    for (const r of BASEMAP.rings) {
      expect(r.path.length - 1, r.name).toBeGreaterThanOrEqual(minPoints[r.name] ?? 0);
      expect(r.path[0], `${r.name} is closed`).toEqual(r.path[r.path.length - 1]);
      expect(inRing(CENTRE, asXY(r.path)), `${r.name} goes around the centre`).toBe(true);
      for (const p of r.path) expect(inRegion(pt(p)), r.name).toBe(true);
    }
    const km = (name: string) => pathLength(ring(name).path) / 1000;
    expect(km("Садовое кольцо")).toBeGreaterThan(13);
    expect(km("Садовое кольцо")).toBeLessThan(19);
    expect(km("ТТК")).toBeGreaterThan(28);
    expect(km("ТТК")).toBeLessThan(40);
    expect(km("МКАД")).toBeGreaterThan(100); // 108.9 km in reality
    expect(km("МКАД")).toBeLessThan(118);
    expect(km("ЦКАД")).toBeGreaterThan(250);
    const order = ["Садовое кольцо", "ТТК", "МКАД", "ЦКАД"];
    for (let i = 0; i + 1 < order.length; i++) {
      const outer = asXY(ring(order[i + 1]!).path);
      for (const p of ring(order[i]!).path)
        expect(inRing(pt(p), outer), `${order[i]} inside ${order[i + 1]}`).toBe(true);
    }
  });

  it("has the Moskva flowing west to east through the centre", () => {
    const river = BASEMAP.river.map(pt);
    expect(river.length).toBeGreaterThanOrEqual(40);
    expect(river[0]!.lng).toBeLessThan(river[river.length - 1]!.lng);
    // past the Kremlin (the Большой Каменный мост) …
    expect(Math.min(...river.map((p) => distance(p, { lat: 55.7485, lng: 37.6125 })))).toBeLessThan(600);
    // … and every point inside or near the МКАД
    for (const p of river) expect(distance(CENTRE, p)).toBeLessThan(22_000);
  });
});

describe("Moscow Oblast", () => {
  it("has its 56 municipal units: 42 городских округа and 14 муниципальных округов", () => {
    expect(MO_DISTRICTS).toHaveLength(56);
    expect(MO_DISTRICTS.filter((d) => d.kind === "городской округ")).toHaveLength(42);
    expect(MO_DISTRICTS.filter((d) => d.kind === "муниципальный округ")).toHaveLength(14);
    expectUnique(
      MO_DISTRICTS.map((d) => d.slug),
      "MO district slugs",
    );
    expectUnique(
      MO_DISTRICTS.map((d) => d.name),
      "MO district names",
    );
    for (const d of MO_DISTRICTS) {
      expect(d.slug).toMatch(SLUG_RE);
      expect(d.name.toLowerCase(), d.name).toContain(d.kind);
      expect(d.centre.length).toBeGreaterThan(2);
    }
    // Merged away: Дзержинский (→ Люберцы), Электрогорск (→ Павловский Посад), Протвино, Пущино (→ Серпухов).
    for (const gone of ["Дзержинский", "Электрогорск", "Протвино", "Пущино", "Ивантеевка"]) {
      expect(MO_DISTRICTS.some((d) => d.centre === gone)).toBe(false);
    }
  });

  it("has 50–70 cities, each in an existing municipal unit, outside the МКАД", () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(50);
    expect(CITIES.length).toBeLessThanOrEqual(70);
    expectUnique(
      CITIES.map((c) => c.slug),
      "city slugs",
    );
    const units = new Set(MO_DISTRICTS.map((d) => d.slug));
    for (const c of CITIES) {
      expect(c.slug).toBe(slugify(c.name));
      expect(units.has(c.moDistrict), `${c.name} → ${c.moDistrict}`).toBe(true);
      expect(inRegion(c), c.name).toBe(true);
      expect(insideMkad(c), `${c.name} is outside the МКАД`).toBe(false);
      expect(Number.isInteger(c.weight) && c.weight >= 1 && c.weight <= 10, c.name).toBe(true);
      expect(Number.isInteger(c.population) && c.population > 1000, c.name).toBe(true);
      expect(c.kind.length, c.name).toBeGreaterThan(2);
    }
    // The brief's must-haves.
    for (const name of [
      "Балашиха",
      "Красногорск",
      "Люберцы",
      "Мытищи",
      "Химки",
      "Королёв",
      "Видное",
      "Мисайлово",
    ]) {
      expect(
        CITIES.some((c) => c.name === name),
        name,
      ).toBe(true);
    }
    const top = CITIES.filter((c) => c.weight === 10).map((c) => c.name);
    expect(top).toEqual(expect.arrayContaining(["Балашиха", "Красногорск", "Люберцы"]));
  });
});

// ---------------------------------------------------------------------------------------------------------
// (b) Comparison with the public reference data in ../shared/reference/geo (only where it is present)
// ---------------------------------------------------------------------------------------------------------

const REF_DIR = fileURLToPath(new URL("../../../shared/reference/geo/", import.meta.url));

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(`${REF_DIR}${file}`, "utf8"));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function arr(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new Error(`${what}: not an array`);
  return v;
}

function str(v: unknown, what: string): string {
  if (typeof v !== "string") throw new Error(`${what}: not a string`);
  return v;
}

function num(v: unknown, what: string): number {
  if (typeof v !== "number") throw new Error(`${what}: not a number`);
  return v;
}

function rec(v: unknown, what: string): Record<string, unknown> {
  if (!isRecord(v)) throw new Error(`${what}: not an object`);
  return v;
}

type RefStation = { name: string; lat: number; lng: number };
type RefLine = { id: string; name: string; stations: RefStation[] };

function refLines(): RefLine[] {
  const root = rec(readJson("metro-mcc-mcd.json"), "metro json");
  return arr(root.lines, "lines").map((l, i) => {
    const line = rec(l, `line ${i}`);
    return {
      id: str(line.id, "line id"),
      name: str(line.name, "line name"),
      stations: arr(line.stations, "stations").map((s, j) => {
        const st = rec(s, `station ${j}`);
        return { name: str(st.name, "name"), lat: num(st.lat, "lat"), lng: num(st.lng, "lng") };
      }),
    };
  });
}

/** hh line id → official number, from metro-line-numbers.json ("14 (МЦК)" → "14"); null for the legacy row. */
function refLineNumbers(): Map<string, string | null> {
  const map = rec(rec(readJson("metro-line-numbers.json"), "numbers").map, "map");
  return new Map(
    Object.entries(map).map(([id, v]) => {
      const text = str(v, id);
      return [id, text.includes("legacy") ? null : (text.split(" ")[0] ?? text)];
    }),
  );
}

type Feature = { props: Record<string, unknown>; polygons: number[][][][] };

function features(file: string): Feature[] {
  const root = rec(readJson(file), file);
  return arr(root.features, "features").map((f, i) => {
    const feature = rec(f, `feature ${i}`);
    const geometry = rec(feature.geometry, "geometry");
    const coords = arr(geometry.coordinates, "coordinates") as number[][][] | number[][][][];
    const polygons = (geometry.type === "Polygon" ? [coords] : coords) as number[][][][];
    return { props: rec(feature.properties, "properties"), polygons };
  });
}

function inFeature(p: LatLng, f: Feature): boolean {
  return f.polygons.some((poly) => {
    const [outer, ...holes] = poly;
    return outer !== undefined && inRing(p, outer) && !holes.some((h) => inRing(p, h));
  });
}

/** Distance from a point to the nearest vertex of a feature's outline, metres (rough, vertices are dense). */
function nearVertex(p: LatLng, f: Feature): number {
  let best = Number.POSITIVE_INFINITY;
  for (const poly of f.polygons)
    for (const [x = 0, y = 0] of poly[0] ?? []) best = Math.min(best, distance(p, { lat: y, lng: x }));
  return best;
}

// --- Metro: what we knowingly do differently from the reference, each with its reason ----------------------

/** Reference names that we spell as the line's current official name. */
const REF_NAME_ALIASES: Record<string, Record<string, string>> = {
  "1": {
    "Библиотека им.Ленина": "Библиотека имени Ленина",
    "Новомосковская (Коммунарка)": "Новомосковская", // «Коммунарка» renamed in 2024
  },
  "4": {
    "Деловой центр (Выставочная)": "Выставочная",
    "Москва-Сити": "Международная", // hh labels the branch terminus by the district
  },
  "14": { "Деловой центр": "Москва-Сити" }, // МЦК station renamed
  D2: { "Москва Товарная": "Москва-Товарная" },
  D3: { Крюково: "Зеленоград-Крюково", "Люберцы I": "Люберцы" },
  D4: { Реутов: "Реутово", "Очаково I": "Очаково" },
};

/** Reference rows we leave out on purpose. */
const REF_DROPPED: Record<string, Record<string, string>> = {
  "11": {
    Шелепиха: "БКЛ fork Хорошёвская — Шелепиха — Деловой центр closed on 22.06.2024, to reopen in line 17",
    "Деловой центр": "same closed fork",
  },
  "15": {
    Лефортово: "БКЛ station; served by line 15 trains only before the БКЛ was completed",
    Электрозаводская: "same",
    Авиамоторная: "same (the coordinates even are those of line 8)",
  },
  D2: { "Покровское-Стрешнево": "closed in June 2021, replaced by the new station Щукинская" },
};

/** Reference rows whose coordinates are wrong (more than 500 m); we keep our own. */
const REF_BAD_COORDINATES: Record<string, Record<string, string>> = {
  "10": {
    Лианозово: "reference point is north of Физтех, the terminus; the station is by the МЦД-1 Лианозово",
  },
  D1: {
    Лобня: "reference longitude 37.29 is 12 km west of the town",
    Сколково: "reference point is at Мещерская, 6 km away",
  },
  D2: {
    Люблино: "reference uses the metro station; the railway platform is 2 km west (Кубанская улица)",
    Покровское: "reference repeats the coordinates of Покровское-Стрешнево",
    Остафьево: "reference marks the Остафьево estate, 3 km from the platform",
  },
  D3: { Фабричная: "reference longitude is 1.87", Раменское: "reference longitude equals its latitude" },
  D4: {
    Чухлинка: "reference longitude equals its latitude",
    Курская: "reference point is 1.9 km south of the Курский вокзал",
    Минская: "reference copies the longitude of Кутузовская; the platform is by the metro Минская",
  },
};

/** Reference rows given to 0.01° only: checked within 1 km instead of 500 m. */
const REF_ROUNDED: Record<string, string[]> = {
  "15": ["Нижегородская", "Стахановская", "Окская", "Юго-Восточная"],
};

/** Our stations the reference does not have. */
const KNOWN_ADDITIONS: Record<string, string[]> = {
  D2: ["Щукинская", "Печатники"], // opened 2021 and 2022
};

describe.skipIf(!existsSync(REF_DIR))("comparison with ../shared/reference/geo", () => {
  it("maps every reference line to one of ours (metro-line-numbers.json checked row by row)", () => {
    const numbers = refLineNumbers();
    const ours = new Set(LINES.map((l) => l.number));
    for (const l of refLines()) {
      expect(numbers.has(l.id), `hh line ${l.id} ${l.name} has a mapping`).toBe(true);
      const n = numbers.get(l.id);
      if (n === null || n === undefined) continue; // hh line 11 «Каховская»: stale duplicate of 3 БКЛ stations
      expect(ours.has(n), `hh ${l.id} ${l.name} → ${n}`).toBe(true);
    }
    // and every line of ours is in the reference
    const mapped = new Set([...numbers.values()].filter((v): v is string => typeof v === "string"));
    for (const l of LINES) expect(mapped.has(l.number), l.number).toBe(true);
  });

  it("has every reference station on the same line, within 500 m, except the documented differences", () => {
    const numbers = refLineNumbers();
    const problems: string[] = [];
    const matched = new Map<string, Set<string>>();
    for (const l of refLines()) {
      const n = numbers.get(l.id);
      if (n === null || n === undefined) continue;
      const line = LINES.find((x) => x.number === n);
      if (!line) continue;
      const seen = matched.get(n) ?? new Set<string>();
      matched.set(n, seen);
      for (const rs of l.stations) {
        const refName = rs.name.trim();
        if (REF_DROPPED[n]?.[refName] !== undefined) {
          if (line.stations.some((s) => fold(s.name) === fold(refName)))
            problems.push(`${n} ${refName}: dropped on purpose but present`);
          continue;
        }
        const ourName = REF_NAME_ALIASES[n]?.[refName] ?? refName;
        const ours = line.stations.find((s) => fold(s.name) === fold(ourName));
        if (!ours) {
          problems.push(`${n} ${refName}: missing`);
          continue;
        }
        seen.add(ours.name);
        const d = distance(ours, rs);
        if (REF_BAD_COORDINATES[n]?.[refName] !== undefined) {
          // Keep the list honest: once the reference is fixed, this entry must go.
          if (d <= 500)
            problems.push(`${n} ${refName}: listed as a reference error, but agrees (${Math.round(d)} m)`);
          continue;
        }
        const limit = REF_ROUNDED[n]?.includes(refName) ? 1000 : 500;
        if (d > limit) problems.push(`${n} ${refName}: ${Math.round(d)} m from the reference`);
      }
    }
    for (const line of LINES) {
      const seen = matched.get(line.number) ?? new Set<string>();
      const extra = line.stations.map((s) => s.name).filter((name) => !seen.has(name));
      const known = KNOWN_ADDITIONS[line.number] ?? [];
      expect(extra.sort(), `stations of ${line.number} missing from the reference`).toEqual(
        [...known].sort(),
      );
    }
    expect(problems).toEqual([]);
  });

  it("matches the 146 municipal units of moscow-districts.geojson: names, okrugs, kinds, centres", () => {
    const feats = features("moscow-districts.geojson");
    expect(feats).toHaveLength(146);
    const okrugName = new Map(OKRUGS.map((o) => [o.slug, o.name]));
    const kindOf: Record<string, string> = {
      "Муниципальный округ": "район",
      Поселение: "поселение",
      "Городской округ": "городской округ",
    };
    const problems: string[] = [];
    const used = new Set<string>();
    for (const f of feats) {
      const name = str(f.props.NAME, "NAME");
      const ao = str(f.props.NAME_AO, "NAME_AO");
      const ours = DISTRICTS.find((d) => fold(d.name) === fold(name));
      if (!ours) {
        problems.push(`${name}: missing`);
        continue;
      }
      used.add(ours.slug);
      if (okrugName.get(ours.okrug) !== `${ao} административный округ`)
        problems.push(`${name}: okrug ${ours.okrug}, reference ${ao}`);
      if (ours.kind !== kindOf[str(f.props.TYPE_MO, "TYPE_MO")]) problems.push(`${name}: kind ${ours.kind}`);
      if (!inFeature(ours, f) && nearVertex(ours, f) > 1000)
        problems.push(`${name}: centre outside the unit`);
    }
    expect(problems).toEqual([]);
    expect(DISTRICTS.filter((d) => !used.has(d.slug)).map((d) => d.name)).toEqual([]);
  });

  it("matches the okrug names of moscow-okrugs.geojson, with our centres inside them", () => {
    const feats = features("moscow-okrugs.geojson");
    expect(feats).toHaveLength(OKRUGS.length);
    for (const f of feats) {
      const name = str(f.props.NAME, "NAME");
      const abbrev = str(f.props.ABBREV, "ABBREV");
      const ours = OKRUGS.find((o) => o.name === `${name} административный округ`);
      expect(ours, name).toBeDefined();
      if (!ours) continue;
      // The reference has no abbreviation for the two New Moscow okrugs (it repeats the name); we use НАО, ТАО.
      if (abbrev !== name) expect(ours.abbrev, name).toBe(abbrev);
      expect(inFeature(ours, f), `${name}: centre inside`).toBe(true);
    }
  });

  /** Towns that grew (or absorbed neighbours) by more than 20 % since the 2010 census the CSV carries. */
  const GROWN_SINCE_2010: Record<string, string> = {
    Балашиха: "merged with Железнодорожный (2015)",
    Красногорск: "new districts (Павшинская пойма, Опалиха)",
    Мытищи: "growth",
    Химки: "absorbed Сходня and Новоподрезково (2015)",
    Подольск: "absorbed Климовск (2015)",
    Видное: "growth",
    Домодедово: "growth",
    Реутов: "growth",
    Королёв: "absorbed Юбилейный (2014)",
    Раменское: "growth",
    Котельники: "growth (Белая Дача)",
    Дзержинский: "growth",
    Ивантеевка: "growth",
    Апрелевка: "growth",
    Чехов: "growth",
    Звенигород: "growth (new microdistricts)",
  };

  it("agrees with moscow-oblast-cities.csv: population within 20 % (or documented growth), position within 5 km", () => {
    const lines = readFileSync(`${REF_DIR}moscow-oblast-cities.csv`, "utf8").trim().split(/\r?\n/);
    const header = (lines[0] ?? "").split(",");
    const col = (name: string) => header.indexOf(name);
    const parse = (line: string): string[] => {
      // The CSV quotes the address field (it contains commas); a tiny quote-aware splitter is enough.
      const out: string[] = [];
      let cur = "";
      let quoted = false;
      for (const ch of line) {
        if (ch === '"') quoted = !quoted;
        else if (ch === "," && !quoted) {
          out.push(cur);
          cur = "";
        } else cur += ch;
      }
      out.push(cur);
      return out;
    };
    const ref = new Map<string, { population: number; lat: number; lng: number }>();
    for (const line of lines.slice(1)) {
      const f = parse(line);
      if (f[col("region")] !== "Московская") continue;
      const name = f[col("city")] || f[col("area")] || "";
      ref.set(fold(name), {
        population: Number(f[col("population")]),
        lat: Number(f[col("geo_lat")]),
        lng: Number(f[col("geo_lon")]),
      });
    }
    expect(ref.size).toBeGreaterThan(50);
    const problems: string[] = [];
    let compared = 0;
    for (const c of CITIES) {
      const r = ref.get(fold(c.name));
      if (!r) continue;
      compared++;
      const ratio = c.population / r.population;
      if (GROWN_SINCE_2010[c.name] !== undefined) {
        if (ratio <= 1.2 || ratio > 3) problems.push(`${c.name}: listed as grown, ratio ${ratio.toFixed(2)}`);
      } else if (Math.abs(ratio - 1) > 0.2) {
        problems.push(`${c.name}: population ${c.population}, reference ${r.population}`);
      }
      const d = distance(c, r);
      if (d > 5000) problems.push(`${c.name}: ${Math.round(d / 100) / 10} km from the reference point`);
    }
    for (const name of Object.keys(GROWN_SINCE_2010)) {
      if (!CITIES.some((c) => c.name === name))
        problems.push(`${name}: in GROWN_SINCE_2010 but not a city of ours`);
    }
    expect(compared).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it("agrees with moscow-oblast-municipalities.json (checked by us against the 2024–2025 laws)", () => {
    const items = arr(rec(readJson("moscow-oblast-municipalities.json"), "root").items, "items").map(
      (v, i) => {
        const it = rec(v, `item ${i}`);
        return `${str(it.kind, "kind")}|${str(it.name, "name")}|${str(it.centre, "centre")}`;
      },
    );
    const ours = MO_DISTRICTS.map((d) => `${d.kind}|${d.name}|${d.centre}`);
    expect([...ours].sort()).toEqual([...items].sort());
  });
});

import { describe, expect, it } from "vitest";
import { haversineKm } from "../geo/distance";
import { LINES, RING_LINE_NUMBERS } from "../geo/metro";
import type { GeoLine } from "../geo/types";
import { stationKey, TRANSFER_MINUTES, TransitGraph, type Trip } from "./graph";

const graph = new TransitGraph(LINES, RING_LINE_NUMBERS);
const line = (n: string) => LINES.find((l) => l.number === n) as GeoLine;
const key = (n: string, name: string) => stationKey(line(n).kind, name);

/**
 * The model's rules, written out again so that a person can check a trip by hand from the stations' coordinates:
 * a ride between neighbours is km × 1.1 at 48 km/h (metro), 40 (МЦК) or 55 (МЦД), plus a stop of 0.5, 0.75 or
 * 1 minute; boarding waits 1, 2.5 or 3 minutes (МЦД-3 and МЦД-4: 5); a change within one station is 3 minutes on
 * foot, between two stations the straight line × 1.3 at 5 km/h (at least 2 minutes); a walk to the destination
 * waits for no train.
 */
const RULES = {
  metro: { speed: 48, stop: 0.5, wait: 1 },
  mcc: { speed: 40, stop: 0.75, wait: 2.5 },
  mcd: { speed: 55, stop: 1, wait: 3 },
} as const;
const SLOW_LINES: Record<string, number> = { D3: 5, D4: 5 };

/** A leg: ride line n from one station to another (along the listed order, or back), or walk to a station. */
type Leg = [n: string, from: string, to: string] | [walk: "пешком", from: string, to: string];

function byHand(legs: Leg[]): { minutes: number; lines: string[] } {
  const where = (name: string) => {
    const s = LINES.flatMap((l) => l.stations).find((x) => x.name === name);
    if (!s) throw new Error(`no station ${name}`);
    return s;
  };
  const walk = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
    Math.max(2, ((haversineKm(a.lat, a.lng, b.lat, b.lng) * 1.3) / 5) * 60);
  let minutes = 0;
  const lines: string[] = [];
  let last: { lat: number; lng: number; name: string } | undefined;
  for (const [n, from, to] of legs) {
    if (n === "пешком") {
      minutes += walk(where(from), where(to));
      last = undefined;
      continue;
    }
    const l = line(n);
    const names = l.stations.map((s) => s.name);
    let i = names.indexOf(from);
    const j = names.indexOf(to);
    if (i < 0 || j < 0) throw new Error(`${from} or ${to} is not on line ${n}`);
    const start = l.stations[i] as (typeof l.stations)[number];
    if (last) minutes += last.name === start.name ? 3 : walk(last, start);
    const rule = RULES[l.kind];
    minutes += SLOW_LINES[n] ?? rule.wait;
    lines.push(n);
    const ring = RING_LINE_NUMBERS.includes(n);
    // A ring is ridden the short way round.
    const forward = ring ? (j - i + names.length) % names.length <= names.length / 2 : j > i;
    while (i !== j) {
      const next = ring ? (i + (forward ? 1 : -1) + names.length) % names.length : i + (forward ? 1 : -1);
      const a = l.stations[i] as (typeof l.stations)[number];
      const b = l.stations[next] as (typeof l.stations)[number];
      minutes += ((haversineKm(a.lat, a.lng, b.lat, b.lng) * 1.1) / rule.speed) * 60 + rule.stop;
      i = next;
    }
    last = l.stations[j];
  }
  return { minutes: Math.round(minutes), lines };
}

/** Thirty trips across lines and rings: the quickest route as a person would take it, leg by leg. */
const TRIPS: { from: [string, string]; to: [string, string]; legs: Leg[] }[] = [
  { from: ["1", "Сокольники"], to: ["1", "Лубянка"], legs: [["1", "Сокольники", "Лубянка"]] },
  { from: ["2", "Сокол"], to: ["2", "Белорусская"], legs: [["2", "Сокол", "Белорусская"]] },
  { from: ["3", "Крылатское"], to: ["3", "Киевская"], legs: [["3", "Крылатское", "Киевская"]] },
  { from: ["6", "Медведково"], to: ["6", "ВДНХ"], legs: [["6", "Медведково", "ВДНХ"]] },
  { from: ["7", "Планерная"], to: ["7", "Беговая"], legs: [["7", "Планерная", "Беговая"]] },
  { from: ["9", "Алтуфьево"], to: ["9", "Тимирязевская"], legs: [["9", "Алтуфьево", "Тимирязевская"]] },
  { from: ["10", "Марьина Роща"], to: ["10", "Трубная"], legs: [["10", "Марьина Роща", "Трубная"]] },
  { from: ["8А", "Раменки"], to: ["8А", "Солнцево"], legs: [["8А", "Раменки", "Солнцево"]] },
  {
    from: ["12", "Битцевский парк"],
    to: ["12", "Бунинская аллея"],
    legs: [["12", "Битцевский парк", "Бунинская аллея"]],
  },
  { from: ["15", "Нижегородская"], to: ["15", "Некрасовка"], legs: [["15", "Нижегородская", "Некрасовка"]] },
  { from: ["5", "Курская"], to: ["5", "Павелецкая"], legs: [["5", "Курская", "Павелецкая"]] },
  { from: ["5", "Новослободская"], to: ["5", "Белорусская"], legs: [["5", "Новослободская", "Белорусская"]] },
  {
    from: ["14", "Окружная"],
    to: ["14", "Ботанический сад"],
    legs: [["14", "Окружная", "Ботанический сад"]],
  },
  { from: ["D1", "Лобня"], to: ["D1", "Окружная"], legs: [["D1", "Лобня", "Окружная"]] },
  { from: ["16", "ЗИЛ"], to: ["16", "Академическая"], legs: [["16", "ЗИЛ", "Академическая"]] },
  {
    from: ["2", "Сокол"],
    to: ["1", "Охотный Ряд"],
    legs: [
      ["2", "Сокол", "Театральная"],
      ["пешком", "Театральная", "Охотный Ряд"],
    ],
  },
  {
    from: ["7", "Планерная"],
    to: ["5", "Краснопресненская"],
    legs: [
      ["7", "Планерная", "Баррикадная"],
      ["пешком", "Баррикадная", "Краснопресненская"],
    ],
  },
  { from: ["6", "ВДНХ"], to: ["5", "Октябрьская"], legs: [["6", "ВДНХ", "Октябрьская"]] },
  { from: ["9", "Тимирязевская"], to: ["9", "Тульская"], legs: [["9", "Тимирязевская", "Тульская"]] },
  { from: ["3", "Строгино"], to: ["5", "Курская"], legs: [["3", "Строгино", "Курская"]] },
  { from: ["1", "Юго-Западная"], to: ["5", "Комсомольская"], legs: [["1", "Юго-Западная", "Комсомольская"]] },
  {
    from: ["8", "Новогиреево"],
    to: ["6", "Китай-город"],
    legs: [
      ["8", "Новогиреево", "Марксистская"],
      ["7", "Таганская", "Китай-город"],
    ],
  },
  {
    from: ["15", "Косино"],
    to: ["7", "Кузнецкий Мост"],
    legs: [
      ["пешком", "Косино", "Лермонтовский проспект"],
      ["7", "Лермонтовский проспект", "Кузнецкий Мост"],
    ],
  },
  {
    from: ["12", "Бунинская аллея"],
    to: ["1", "Охотный Ряд"],
    legs: [
      ["12", "Бунинская аллея", "Улица Старокачаловская"],
      ["9", "Бульвар Дмитрия Донского", "Боровицкая"],
      ["1", "Библиотека имени Ленина", "Охотный Ряд"],
    ],
  },
  {
    from: ["D2", "Нахабино"],
    to: ["D2", "Площадь трёх вокзалов"],
    legs: [["D2", "Нахабино", "Площадь трёх вокзалов"]],
  },
  { from: ["D4", "Апрелевка"], to: ["D4", "Кутузовская"], legs: [["D4", "Апрелевка", "Кутузовская"]] },
  {
    from: ["D3", "Зеленоград-Крюково"],
    to: ["D3", "Ховрино"],
    legs: [["D3", "Зеленоград-Крюково", "Ховрино"]],
  },
  { from: ["14", "Лужники"], to: ["14", "Москва-Сити"], legs: [["14", "Лужники", "Москва-Сити"]] },
  { from: ["11", "Савёловская"], to: ["11", "Кунцевская"], legs: [["11", "Савёловская", "Кунцевская"]] },
  {
    from: ["4", "Кунцевская"],
    to: ["4", "Александровский сад"],
    legs: [["4", "Кунцевская", "Александровский сад"]],
  },
];

describe("the transit graph", () => {
  it.each(TRIPS)("$from.1 → $to.1 as worked out by hand", ({ from, to, legs }) => {
    const trip = graph.tripsFrom(key(...from)).get(key(...to));
    expect(trip && { minutes: trip.minutes, lines: trip.lines }).toEqual(byHand(legs));
  });

  const stations = [...graph.stations.keys()];
  const origins = stations.filter((_, i) => i % 5 === 0);
  const trips = new Map(origins.map((o) => [o, graph.tripsFrom(o)]));
  const trip = (a: string, b: string) => (trips.get(a) ?? graph.tripsFrom(a)).get(b) as Trip;

  it("reaches every station from every station", () => {
    for (const [, to] of trips) expect(to.size).toBe(stations.length);
  });

  it("is symmetric: a trip back takes as long (the same waits, rides and walks in reverse)", () => {
    const uneven = origins.flatMap((a) =>
      origins.filter((b) => Math.abs(trip(a, b).minutes - trip(b, a).minutes) > 1).map((b) => `${a} ↔ ${b}`),
    );
    expect(uneven).toEqual([]);
  });

  // Within the change of platforms at the third station: a trip to a station ends on any of its platforms, the
  // next one starts from any.
  it("keeps the triangle inequality: going through a third station is never quicker", () => {
    const shortcuts: string[] = [];
    for (const a of origins)
      for (const b of origins)
        for (const c of origins)
          if (trip(a, c).minutes > trip(a, b).minutes + TRANSFER_MINUTES + trip(b, c).minutes + 1)
            shortcuts.push(`${a} → ${b} → ${c}`);
    expect(shortcuts).toEqual([]);
  });

  it("never takes a transfer that is slower than staying on the line", () => {
    for (const l of LINES) {
      const first = l.stations[0]?.name as string;
      const from = graph.tripsFrom(stationKey(l.kind, first));
      for (const s of l.stations.slice(1)) {
        const direct = byHand([[l.number, first, s.name]]).minutes;
        const t = from.get(stationKey(l.kind, s.name)) as Trip;
        expect(t.minutes).toBeLessThanOrEqual(direct);
        if (t.lines.join() !== l.number) expect(t.minutes).toBeLessThan(direct);
      }
    }
  });

  it("never makes a trip longer by adding a line (the МЦК, the БКЛ, МЦД-2)", () => {
    for (const n of ["14", "11", "D2"]) {
      const without = new TransitGraph(
        LINES.filter((l) => l.number !== n),
        RING_LINE_NUMBERS,
      );
      for (const a of origins.filter((_, i) => i % 4 === 0)) {
        const before = without.tripsFrom(a);
        for (const [b, t] of before) expect(trip(a, b).minutes).toBeLessThanOrEqual(t.minutes);
      }
    }
  });

  it("adds up: a trip's minutes are its rides, waits and walks, its transfers one fewer than its lines", () => {
    for (const [, to] of trips)
      for (const t of to.values()) {
        expect(t.minutes).toBe(Math.round(t.ride + t.wait + t.walk));
        expect(t.transfers).toBe(Math.max(0, t.lines.length - 1));
      }
  });
});

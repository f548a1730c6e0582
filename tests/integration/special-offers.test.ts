/**
 * A special offer says only what is true of its complex: every house, stage, room count, finishing, car park,
 * area, price, deadline and bank its words claim is read back from the text and looked up in the complex's
 * own rows. Walks every offer of the seed, and every kind of offer against every complex.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatDeadline, formatPriceFrom } from "../../shared/format";
import { OFFER_KINDS, type OfferFacts } from "../../worker/db/seed/offers";
import { get } from "./helpers";

interface House {
  id: number;
  name: string;
  build_stage: number;
  is_finished: number;
  deadline_year: number;
  deadline_quarter: number;
}
interface Flat {
  house_id: number;
  rooms: number;
  area_total: number;
  price: number;
  otdelka: number;
}
interface Complex {
  id: number;
  parking_mask: number;
  mortgage_banks: string | null;
  houses: House[];
  sale: Flat[];
}

async function complexes(): Promise<Map<number, Complex>> {
  const out = new Map<number, Complex>();
  const cs = await env.DB.prepare(
    "SELECT id, parking_mask, mortgage_banks FROM residential_complexes WHERE is_published = 1",
  ).all<Omit<Complex, "houses" | "sale">>();
  for (const c of cs.results) out.set(c.id, { ...c, houses: [], sale: [] });
  const hs = await env.DB.prepare(
    "SELECT id, complex_id, name, build_stage, is_finished, deadline_year, deadline_quarter FROM houses",
  ).all<House & { complex_id: number }>();
  for (const h of hs.results) out.get(h.complex_id)?.houses.push(h);
  const fs = await env.DB.prepare(
    "SELECT complex_id, house_id, rooms, area_total, price, otdelka FROM living_objects WHERE status = 1",
  ).all<Flat & { complex_id: number }>();
  for (const f of fs.results) out.get(f.complex_id)?.sale.push(f);
  return out;
}

const ROOMS: Record<string, number> = { двух: 2, трёх: 3, четырёх: 4 };
const FINISHES: [RegExp, number][] = [
  [/с предчистовой отделкой/, 1],
  [/без отделки/, 2],
  [/с чистовой отделкой/, 3],
  [/с отделкой и мебелью/, 4],
];

/** What the offer's words claim that the complex's rows do not bear out; empty when every claim is true. */
function falseClaims(text: string, c: Complex): string[] {
  const t = text.replace(/\u00a0/g, " ");
  const wrong: string[] = [];
  const claim = (ok: boolean, what: string) => {
    if (!ok) wrong.push(what);
  };
  const named = [...t.matchAll(/корпус(?:е|ах|а)?\s+(\d+(?:(?:, | и )\d+)*)/gi)].flatMap(
    (m) => m[1]?.split(/, | и /) ?? [],
  );
  const houses = named.map((n) => c.houses.find((h) => h.name === `Корпус ${n}`));
  named.forEach((n, i) => {
    const h = houses[i];
    claim(!!h, `no house «Корпус ${n}»`);
    claim(!h || c.sale.some((a) => a.house_id === h.id), `nothing on sale in «Корпус ${n}»`);
  });
  const about = houses.filter((h): h is House => !!h);
  const scope = about.length ? about : c.houses;
  const sale = c.sale.filter((a) => scope.some((h) => h.id === a.house_id));
  if (/строящ/i.test(t))
    claim(
      about.length ? about.every((h) => h.build_stage === 2) : c.houses.some((h) => h.build_stage === 2),
      "«строящийся» of a house not being built",
    );
  if (/не сдан|до ввода дома|до сдачи дома/i.test(t))
    claim(
      about.length ? about.every((h) => !h.is_finished) : c.houses.some((h) => !h.is_finished),
      "«не сдан» of a finished house",
    );
  if (/(?<!не )сданн/i.test(t))
    claim(about.length > 0 && about.every((h) => h.is_finished), "«сданный» of a house not finished");
  if (/можете заезжать/.test(t) && !/после сдачи/.test(t))
    claim(about.length > 0 && about.every((h) => h.is_finished), "moving in to a house not finished");
  if (/только начались|старт продаж/i.test(t) && about.length)
    claim(
      about.every((h) => h.build_stage === 1),
      "«старт продаж» of a house past it",
    );
  const studios = sale.filter((a) => a.rooms === 0);
  if (/студи/i.test(t)) {
    claim(studios.length > 0, "studios where none is on sale");
    for (const [re, code] of FINISHES)
      if (re.test(t))
        claim(
          studios.every((a) => a.otdelka === code),
          `studios «${re.source}» that are not`,
        );
  } else if (/квартир без отделки/.test(t))
    claim(
      sale.some((a) => a.otdelka === 2),
      "flats without finishing",
    );
  for (const m of t.matchAll(/(двух|трёх|четырёх)комнатн/g))
    claim(
      c.sale.some((a) => a.rooms === ROOMS[m[1] ?? ""]),
      `${m[1]}комнатные where none is on sale`,
    );
  const parking = (code: number) => (c.parking_mask & (1 << code)) !== 0;
  if (/подземн/i.test(t)) claim(parking(1), "an underground level where there is none");
  if (/многоуровнев/i.test(t)) claim(parking(3), "a multi-storey car park where there is none");
  if (/наземн/i.test(t)) claim(parking(2), "ground parking where there is none");
  if (/машино-место|паркинг|парковк/i.test(t)) claim(c.parking_mask !== 0, "parking where there is none");
  const area = /площадью от (\d+)/.exec(t);
  if (area)
    claim(
      sale.some((a) => a.area_total >= Number(area[1])),
      `flats from ${area[1]} m²`,
    );
  const from = /квартиры (от [\d,]+ (?:млн|тыс\.) ₽)/.exec(t);
  if (from && sale.length)
    claim(
      from[1] === formatPriceFrom(Math.min(...sale.map((a) => a.price))).replace(/\u00a0/g, " "),
      "the price from",
    );
  const deadline = /срок сдачи — ([^.]+?)\.$/.exec(t);
  if (deadline)
    claim(
      about.length === 1 &&
        deadline[1] ===
          formatDeadline(about[0]?.deadline_year ?? 0, about[0]?.deadline_quarter ?? 0).replace(
            /\u00a0/g,
            " ",
          ),
      "the deadline",
    );
  // The site's ad rules (/ad/): an offer about a loan names the bank that gives it.
  if (/(?<!без )ипотек/i.test(t)) {
    const banks = JSON.parse(c.mortgage_banks ?? "[]") as string[];
    claim(
      banks.some((b) => t.includes(b)),
      "a mortgage without one of the complex's banks",
    );
  }
  return wrong;
}

const factsOf = (c: Complex): OfferFacts => ({
  houses: c.houses.map((h) => ({
    id: h.id,
    name: h.name,
    stage: h.build_stage,
    finished: h.is_finished === 1,
    deadlineYear: h.deadline_year,
    deadlineQuarter: h.deadline_quarter,
  })),
  sale: c.sale.map((a) => ({
    houseId: a.house_id,
    rooms: a.rooms,
    area: a.area_total,
    price: a.price,
    otdelka: a.otdelka,
  })),
  parkingMask: c.parking_mask,
  banks: JSON.parse(c.mortgage_banks ?? "[]") as string[],
});

describe("special offers", () => {
  it("every offer of the seed is true of its complex, and /special/ shows each", async () => {
    const all = await complexes();
    const { results: offers } = await env.DB.prepare(
      "SELECT id, complex_id, title, sub_title, text FROM special_offers ORDER BY id",
    ).all<{ id: number; complex_id: number; title: string; sub_title: string | null; text: string }>();
    expect(offers.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const o of offers) {
      const c = all.get(o.complex_id);
      if (!c) continue;
      const text = `${o.title}. ${o.sub_title ? `${o.sub_title}. ` : ""}${o.text}`;
      for (const w of falseClaims(text, c))
        wrong.push(`offer ${o.id} (complex ${o.complex_id}): ${w} in «${text}»`);
    }
    expect(wrong).toEqual([]);
    const page = (await (await get("/special/")).text()).replace(/<!-- -->/g, "");
    for (const o of offers.filter((o) => all.has(o.complex_id))) expect(page).toContain(o.text);
  });

  it("every kind of offer, written for any complex of the seed, is true of it", async () => {
    const wrong: string[] = [];
    let written = 0;
    for (const c of (await complexes()).values()) {
      for (const kind of OFFER_KINDS) {
        const o = kind(factsOf(c));
        if (!o) continue;
        written += 1;
        const text = `${o.title}. ${o.subTitle ? `${o.subTitle}. ` : ""}${o.text}`;
        for (const w of falseClaims(text, c)) wrong.push(`complex ${c.id}: ${w} in «${text}»`);
      }
    }
    expect(written).toBeGreaterThan(100);
    expect(wrong.slice(0, 20), `${wrong.length} false claims`).toEqual([]);
  });
});

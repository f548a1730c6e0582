import { describe, expect, it } from "vitest";
import {
  CITY_CASES,
  DISTRICT_CASES,
  HIGHWAY_CASES,
  MO_DISTRICT_CASES,
  OKRUG_CASES,
  type PlaceCases,
  RAILWAY_CASES,
} from "./cases";
import { CITIES, DISTRICTS, HIGHWAYS, MO_DISTRICTS, OKRUGS, RAILWAYS } from "./index";
import { REGIONS } from "./regions";

const KINDS: [string, Readonly<Record<string, PlaceCases>>, readonly { name: string }[]][] = [
  ["okrugs", OKRUG_CASES, OKRUGS],
  ["districts", DISTRICT_CASES, DISTRICTS],
  ["MO districts", MO_DISTRICT_CASES, MO_DISTRICTS],
  ["cities", CITY_CASES, CITIES],
  ["highways", HIGHWAY_CASES, HIGHWAYS],
  ["railways", RAILWAY_CASES, RAILWAYS],
];

const every = [
  ...KINDS.flatMap(([, cases]) => Object.entries(cases)),
  ...REGIONS.map((r) => [r.name, { in: r.nameIn, of: r.nameOf }] as const),
];

/** A place named in apposition after its kind keeps its nominative: «в поселении Сосенское», «в районе Сокол». */
const APPOSITION = /^(в|на) (районе|поселении|городском округе|муниципальном округе) /;
/** Names in -ье read the same in the locative: «в Замоскворечье», «в Заречье». */
const SAME_IN_LOCATIVE = /ье$/;

describe("every place of our geography has its cases", () => {
  it.each(KINDS)("%s: one entry per place, none for a place we do not have", (_, cases, places) => {
    expect(Object.keys(cases).sort()).toEqual(places.map((p) => p.name).sort());
  });
});

describe("the cases read as Russian", () => {
  it.each(every)("%s", (name, c) => {
    // A preposition, «во» only before в/ф and a consonant («во Внукове», «во Фрязине», «в Вешняках»).
    const m = /^(в|во|на) (.+)$/.exec(c.in);
    expect(m, c.in).not.toBeNull();
    const [, preposition, rest = ""] = m ?? [];
    expect(preposition === "во", c.in).toBe(/^[ВвФф][^аеёиоуыэюя]/.test(rest));
    expect(c.of).not.toMatch(/^(в|во|на) /);
    if (APPOSITION.test(c.in)) {
      expect(c.in.endsWith(` ${name.replace(/^(Городской|Муниципальный) округ /, "")}`), c.in).toBe(true);
      return;
    }
    // Declined, not the name as it is: «в Покровском-Стрешневе», never «в Покровское-Стрешнево».
    if (!SAME_IN_LOCATIVE.test(name)) expect(rest, c.in).not.toBe(name);
    expect(c.of, c.of).not.toBe(name);
    // Every word of the name changes with it («Орехово-Борисово Южное» → «Орехове-Борисове Южном»), but for
    // the words that are the same in every case: a compound's first part («Наро-», «Косино-», «Рублёво-», «Северо-»),
    // «шоссе», names in -ье.
    const words = (s: string) => s.replace(/[()]/g, "").split(/[\s-]/);
    const named = words(name);
    const declined = words(rest);
    named.forEach((w, i) => {
      const compoundHead =
        name.includes(`${w}-`) && /(ий|ый|ой|ое|ая)$/.test(name.split("-").at(-1)?.split(" ")[0] ?? "");
      if (!compoundHead && !/^(шоссе|Наро|Ново|Москворечье|Северо|Юго)$/.test(w) && !SAME_IN_LOCATIVE.test(w))
        expect(declined[i], `${c.in}: ${w}`).not.toBe(w);
    });
  });
});

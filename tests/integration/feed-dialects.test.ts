import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { moscowQuarter } from "../../shared/format";
import type { ComplexDetail, ComplexList } from "../../shared/schemas/catalogue";
import { importFeedAt, type RunSummary } from "../../worker/feeds/import";
import { imageHostsOf } from "../../worker/image-proxy";
import onec from "../fixtures/feeds/dialects/1c.xml?raw";
import progress from "../fixtures/feeds/dialects/construction-progress.xml?raw";
import macrocrm from "../fixtures/feeds/dialects/macrocrm.xml?raw";
import oblast from "../fixtures/feeds/dialects/moscow-oblast-localities.xml?raw";
import moscow from "../fixtures/feeds/dialects/moscow-region-as-city.xml?raw";
import profitbase from "../fixtures/feeds/dialects/profitbase.xml?raw";
import trust from "../fixtures/feeds/dialects/trust-and-stations.xml?raw";
import { get, getJson } from "./helpers";

// Feeds as developers really write them (issue 22): one test per fixture of tests/fixtures/feeds/dialects, in
// order on one database. The import runs on 25 November 2026, as the fixtures were written for.
const NOW = new Date("2026-11-25T12:00:00+03:00");

const importText = (name: string, text: string, now = NOW) =>
  importFeedAt(
    env.DB,
    `https://feeds.example/${name}.xml`,
    new Response(new TextEncoder().encode(text)).body as ReadableStream<Uint8Array>,
    now,
    imageHostsOf(env),
  );

const counts = ({ offers, added, updated, sold, rejected, warnings, status }: RunSummary) => ({
  status,
  offers,
  added,
  updated,
  sold,
  rejected,
  warnings,
});
/** What a first import of a feed answers: nothing updated or sold. */
const firstRun = (n: Pick<RunSummary, "offers" | "added" | "rejected" | "warnings">) => ({
  status: "ok",
  updated: 0,
  sold: 0,
  ...n,
});
/** Groups as «kind: count» (✖ for rejections). */
const groupsOf = (s: RunSummary) => s.groups.map((g) => `${g.skipped ? "✖" : "!"} ${g.kind}: ${g.count}`);
const rejectedOf = (s: RunSummary) =>
  s.issues.filter((i) => i.skipped).map((i) => ({ id: i.id, reason: i.reason, fix: i.fix }));

async function complexByName(name: string): Promise<ComplexDetail> {
  const row = await env.DB.prepare("SELECT id FROM residential_complexes WHERE name = ?1")
    .bind(name)
    .first<{ id: number }>();
  const { status, body } = await getJson<ComplexDetail>(`/api/v1/residential-complexes/${row?.id}`);
  expect(status).toBe(200);
  return body;
}

const stationsOf = (c: ComplexDetail) =>
  c.stations.map((s) => ({
    name: s.name,
    kind: s.kind,
    type: s.distance_type,
    minutes: s.minutes,
    estimated: s.estimated,
  }));

/** Hand computation of a straight line on the sphere, flat near the point (a few hundred metres), in km. */
function handKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const kmPerDegree = 111.195; // 2π × 6371 km / 360
  const north = (lat2 - lat1) * kmPerDegree;
  const east = (lng2 - lng1) * kmPerDegree * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(north, east);
}

describe("feed dialects", () => {
  it("imports a Moscow feed that gives the city as the region, with its stations and their walking minutes estimated", async () => {
    const run = await importText("moscow", moscow);
    // The three offers of «Гранатовый сад» promise III quarter 2021 and are not finished (issue 31's warning).
    expect(counts(run)).toEqual(firstRun({ offers: 6, added: 4, rejected: 2, warnings: 5 }));
    expect(groupsOf(run)).toEqual([
      "✖ регион не наш: 1",
      "✖ не указан населённый пункт: 1",
      "! срок сдачи прошёл, а дом не сдан: 3",
      "! living-space = 0: 1",
      "! kitchen-space = 0: 1",
    ]);
    expect(run.groups.find((g) => g.kind === "living-space = 0")?.example).toEqual({
      id: "msk-101",
      line: expect.any(Number),
      reason: "living-space = 0: жилая площадь не указана — оценена по общей площади",
      fix: "если жилая площадь неизвестна, не пишите <living-space>; иначе укажите её",
    });
    expect(rejectedOf(run)).toEqual([
      {
        id: "spb-201",
        reason: "регион «Санкт-Петербург»: каталог публикует новостройки только Москвы и Московской области",
        fix: "такие предложения не импортируются — уберите их из фида для нас",
      },
      {
        id: "mo-301",
        reason: "не указан населённый пункт (location/locality-name)",
        fix: "укажите в <location><locality-name> город или посёлок Москвы или области, например «Химки»: регион «Московская область» — не город",
      },
    ]);

    const garden = await complexByName("Гранатовый сад");
    expect(garden.region).toBe("Москва");
    expect(garden.houses.map((h) => h.name)).toEqual(["Корпус 1", "Корпус 2"]);
    // Hand computation: the offer stands at 55.8230, 37.4920.
    //   Войковская 55.8189, 37.4978: north −0.0041° × 111.195 = −0.4559 km; east 0.0058° × 111.195 × cos 55.821°
    //   (0.5617) = 0.3623 km; straight 0.5823 km × 1.3 = 0.757 km at 5 km/h = 9.1 min.
    //   Балтийская (МЦК) 55.8258, 37.4961: north 0.3113 km, east 0.0041° × 111.195 × 0.5617 = 0.2561 km;
    //   straight 0.4031 km × 1.3 = 0.524 km at 5 km/h = 6.3 min.
    const hand = (lat: number, lng: number) => ((handKm(55.823, 37.492, lat, lng) * 1.3) / 5) * 60;
    expect(hand(55.8189, 37.4978)).toBeCloseTo(9.1, 1);
    expect(hand(55.8258, 37.4961)).toBeCloseTo(6.3, 1);
    expect(stationsOf(garden)).toEqual([
      { name: "Балтийская", kind: "mcc", type: 1, minutes: 6, estimated: true },
      { name: "Войковская", kind: "metro", type: 1, minutes: 9, estimated: true },
    ]);
    for (const [s, h] of [
      [garden.stations[0], hand(55.8258, 37.4961)],
      [garden.stations[1], hand(55.8189, 37.4978)],
    ] as const) {
      expect(Math.abs((s?.minutes ?? 0) - h)).toBeLessThanOrEqual(1);
    }
    // The untagged image (URL trimmed) is the complex's picture; the deadline is overdue.
    const [picture] = await env.DB.prepare("SELECT image FROM residential_complexes WHERE id = ?1")
      .bind(garden.id)
      .raw<[string]>();
    expect(picture).toEqual(["https://img.novostroyki.example/feeds/granat/facade.jpg"]);
    // Shown through the image proxy, its host being on the allow-list (IMAGE_HOSTS).
    expect(garden.photo).toBe(
      `/img/?src=${encodeURIComponent("https://img.novostroyki.example/feeds/granat/facade.jpg")}&w=960`,
    );
    expect(garden.deadline).toMatchObject({ year: 2021, quarter: 3, finished: false, moved: true });
    expect(garden.deadline.label).toBe("III\u00a0кв.\u00a02021\u00a0— перенесён");

    // Without the offer's coordinates the station is kept with no minutes.
    const yard = await complexByName("Балтийский двор");
    expect(stationsOf(yard)).toEqual([
      { name: "Сокол", kind: "metro", type: 3, minutes: null, estimated: false },
    ]);

    // The page says it as the buyer reads it.
    const page = (await (await get(`/novostroyki/${garden.slug}/`)).text()).replace(/\u00a0/g, " ");
    expect(page).toContain("Срок сдачи: III кв. 2021 — перенесён");
    expect(page).toContain("≈ 9 мин пешком");
    expect(page).toContain("≈ 6 мин пешком");

    // The deadline filter takes the overdue complex as due this year, not as delivered.
    const ids = async (deadline: number) =>
      (
        await getJson<ComplexList>(
          `/api/v1/residential-complexes/grid?search[developers]=${garden.developer.id}&search[deadline]=${deadline}`,
        )
      ).body.data.map((c) => c.name);
    expect(await ids(moscowQuarter(new Date()).year)).toEqual(["Гранатовый сад"]);
    expect(await ids(0)).toEqual(["Балтийский двор"]);
  });

  it("finds Moscow-region localities however they are written, and reads currencies, new-flat and deal-status variants", async () => {
    const run = await importText("oblast", oblast);
    expect(counts(run)).toEqual(firstRun({ offers: 9, added: 5, rejected: 4, warnings: 1 }));
    expect(rejectedOf(run)).toEqual([
      {
        id: "obl-6",
        reason: "населённый пункт «Краснозаводск-2» не найден в Москве и области",
        fix: "укажите в <location><locality-name> город или посёлок Москвы или области, например «Химки», без района и области в том же элементе",
      },
      {
        id: "obl-7",
        reason: "deal-status = «встречная продажа»: встречная продажа — это вторичный рынок",
        fix: "такие предложения не импортируются",
      },
      {
        id: "obl-8",
        reason: "price/currency = «USD»: цена должна быть в рублях",
        fix: "укажите цену в рублях и <currency>RUB</currency>",
      },
      {
        id: "obl-9",
        reason: "new-flat = «нет»: это не новостройка",
        fix: "такие предложения не импортируются",
      },
    ]);
    expect(run.issues.find((i) => !i.skipped)).toMatchObject({
      id: "obl-4",
      reason: "deal-status = «эксклюзив» неизвестно — считается продажей от застройщика",
    });
    const park = await complexByName("Левобережье парк");
    expect(park.locality.name).toBe("Химки");
    expect(park.houses.map((h) => [h.name, h.deadline.label])).toEqual([
      ["Корпус 1", "II\u00a0кв.\u00a02027"],
      // Handed over: the label is the quarter it was finished in (issue 16: «Сдан» is said once, in the header).
      ["Корпус 2", "I\u00a0кв.\u00a02026"],
    ]);
    expect(stationsOf(park).map((s) => [s.name, s.kind, s.minutes, s.estimated])).toEqual([
      ["Левобережная", "mcd", expect.any(Number), true],
      ["Химки", "mcd", 12, false],
    ]);
    const opalikha = await complexByName("Опалиха парк");
    expect([opalikha.locality.name, opalikha.deadline.finished]).toEqual(["Красногорск", true]);
  });

  it("stores the trust elements and matches stations written with marks and without «ё»", async () => {
    const run = await importText("trust", trust);
    expect(counts(run)).toEqual(firstRun({ offers: 3, added: 3, rejected: 0, warnings: 1 }));
    expect(run.issues).toMatchObject([
      {
        id: "tr-2",
        kind: "неверная дата декларации",
        reason: "project-declaration-date = «32.13.2024» — не дата, пропущена",
        fix: "пишите дату в <project-declaration-date> как 2024-03-15",
      },
    ]);
    const [row] = await env.DB.prepare(
      `SELECT declaration_number, declaration_date, building_permit, escrow_bank, mortgage_banks
       FROM residential_complexes WHERE name = 'Светлый берег'`,
    )
      .all<Record<string, string>>()
      .then((r) => r.results);
    expect(row).toEqual({
      declaration_number: "77-000123",
      declaration_date: "2024-03-15",
      building_permit: "77-03-012345-2024",
      escrow_bank: "Сбербанк",
      mortgage_banks: '["Сбербанк","ВТБ","Альфа-Банк"]',
    });
    const shore = await complexByName("Светлый берег");
    expect(stationsOf(shore).map((s) => [s.name, s.kind, s.type, s.minutes, s.estimated])).toEqual([
      ["Семёновская", "metro", 1, 8, false],
      ["Соколиная Гора", "mcc", 1, expect.any(Number), true],
      ["Партизанская", "metro", 2, 7, false],
    ]);
    expect(shore.photo).toBeNull();
    const harbour = await complexByName("Тушинская гавань");
    expect(stationsOf(harbour).map((s) => [s.name, s.kind])).toEqual([["Стрешнево", "mcd"]]);
  });

  it.each([
    ["profitbase", profitbase, { offers: 4, added: 3, rejected: 1, warnings: 0 }, "Ростокинские пруды"],
    ["macrocrm", macrocrm, { offers: 3, added: 3, rejected: 0, warnings: 2 }, "Олимпийская роща"],
    ["1c", onec, { offers: 3, added: 3, rejected: 0, warnings: 0 }, "Ибрагимов парк"],
  ])("imports the shape a CRM exports for Yandex: %s", async (name, text, expected, complex) => {
    const run = await importText(name, text);
    expect(run).toMatchObject({ status: "ok", updated: 0, sold: 0, ...expected });
    const c = await complexByName(complex);
    expect(c.apartments_on_sale).toBe(expected.added);
    if (name === "profitbase") {
      expect(rejectedOf(run)).toEqual([
        {
          id: "3581004",
          reason: "price/value = «0», а ожидается цена больше нуля",
          fix: "исправьте <price><value>: ожидается цена больше нуля",
        },
      ]);
      expect(c.houses.map((h) => h.name)).toEqual(["Корпус 1", "Корпус 2"]);
    }
    if (name === "macrocrm") {
      expect(groupsOf(run)).toEqual(["! living-space = 0: 1", "! kitchen-space = 0: 1"]);
      expect(c.locality.name).toBe("Мытищи");
    }
    if (name === "1c") {
      expect(c.min_price).toBe(4_980_000);
      expect(c.deadline.finished).toBe(true);
      expect(stationsOf(c)).toEqual([
        { name: "Семёновская", kind: "metro", type: 1, minutes: 10, estimated: false },
      ]);
    }
  });

  it("reads the construction's readiness, stage and dated photos, and warns about what is not plausible", async () => {
    const run = await importText("construction", progress);
    expect(counts(run)).toEqual(firstRun({ offers: 2, added: 2, rejected: 0, warnings: 4 }));
    expect(groupsOf(run)).toEqual([
      "! фото стройки из будущего: 1",
      "! фото стройки с чужого сервера: 1",
      "! срок сдачи прошёл, а дом не сдан: 1",
      "! стадия не сходится с готовностью: 1",
    ]);
    expect(run.groups.find((g) => g.kind === "стадия не сходится с готовностью")?.example).toMatchObject({
      id: "cp-2",
      reason: "стадия «Котлован» при готовности 80 % — показана стадия по готовности («Фасад»)",
    });
    const c = await complexByName("Ход времени");
    const [one, two] = c.construction;
    // The newest photo of the allow-list that is not from the future, through the image proxy.
    expect(one?.latest).toEqual({ month: "2026-11", stage: 2, stage_name: "Каркас", readiness: 45 });
    expect(one?.photos).toEqual([
      {
        month: "2026-11",
        url: `/img/?src=${encodeURIComponent("https://img.novostroyki.example/feeds/hod/2026-11.jpg")}&w=960`,
        date: "2026-11-10",
      },
    ]);
    // The stage that contradicted the readiness is the readiness's own; the deadline is overdue.
    expect(two?.latest).toEqual({ month: "2026-11", stage: 3, stage_name: "Фасад", readiness: 80 });
    expect(c.houses[1]?.deadline.moved).toBe(true);
    // The page links the photo (the light box opens it once the page runs).
    const html = (await (await get(c.url)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`href="${one?.photos[0]?.url.replace(/&/g, "&amp;")}"`);
    expect(html).toContain("Фото стройки, нояб. 26");
    // The kept columns follow the import (the catalogue sorts by the least ready house).
    const [kept] = await env.DB.prepare("SELECT readiness FROM residential_complexes WHERE id = ?1")
      .bind(c.id)
      .raw<[number]>();
    expect(kept).toEqual([45]);

    // A month later the feed says corpus 1 is at 40 %: not plausible, kept at 45 % and warned about.
    const later = await importText(
      "construction",
      progress.replace("<readiness>45</readiness>", "<readiness>40</readiness>"),
      new Date("2026-12-20T12:00:00+03:00"),
    );
    expect(groupsOf(later)).toContain("! готовность уменьшилась: 1");
    const [again] = (await complexByName("Ход времени")).construction;
    expect(again?.latest?.readiness).toBe(45);
    expect(again?.latest?.month).toBe("2026-11");
  });

  it("changes nothing the second time, and keeps the first promised deadline when a feed moves it", async () => {
    const again = await importText("moscow", moscow);
    expect(counts(again)).toMatchObject({ added: 0, updated: 0, rejected: 2 });
    const moved = moscow.replaceAll("<built-year>2021</built-year>", "<built-year>2027</built-year>");
    expect(counts(await importText("moscow", moved))).toMatchObject({ added: 0, updated: 0 });
    const garden = await complexByName("Гранатовый сад");
    expect(garden.houses.map((h) => h.deadline.label)).toEqual([
      "III\u00a0кв.\u00a02027\u00a0— перенесён",
      "III\u00a0кв.\u00a02027\u00a0— перенесён",
    ]);
    const planned = await env.DB.prepare(
      "SELECT planned_deadline_year AS y, planned_deadline_quarter AS q FROM houses WHERE complex_id = ?1",
    )
      .bind(garden.id)
      .all();
    expect(planned.results).toEqual([
      { y: 2021, q: 3 },
      { y: 2021, q: 3 },
    ]);
  });
});

describe("/operator/feeds/ report", () => {
  it("groups the issues by kind with an example and says what to change for each rejected offer", async () => {
    const session = await SELF.fetch("http://localhost/api/v1/chat/operator/session", {
      method: "POST",
      headers: { "CF-Connecting-IP": "203.0.113.78", "Content-Type": "application/json" },
      body: JSON.stringify({ token: env.OPERATOR_TOKEN }),
    });
    const cookie = (session.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const run = await importText("oblast-report", oblast);
    const html = await (
      await SELF.fetch(`http://localhost/operator/feeds/?run=${run.runId}`, { headers: { Cookie: cookie } })
    ).text();
    expect(html).toContain("<h2>Замечания по видам</h2>");
    expect(html).toMatch(
      /<td data-label="Вид">deal-status неизвестен<\/td><td class="n" data-label="Сколько">1<\/td>/,
    );
    expect(html).toContain("<h2>Отклонённые предложения</h2>");
    expect(html).toContain("укажите цену в рублях и &lt;currency&gt;RUB&lt;/currency&gt;");
  });
});

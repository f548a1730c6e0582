/**
 * «Ход строительства» (issue 31) on a house whose history is written out here: its deadlines declared through
 * the catalogue's own writes (the deadline trigger records each move), its monthly reports, and what the
 * complex's answer and page make of them — the timeline, the moves in words, the band and its reasons — and
 * the catalogue's filters and sort after the kept columns follow.
 */
import {
  createExecutionContext,
  createScheduledController,
  env,
  SELF,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { moscowMonth, stageOf } from "../../shared/construction/history";
import { deliveryRisk } from "../../shared/construction/risk";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import type { Company } from "../../shared/schemas/companies";
import { REFRESH_SLICES } from "../../worker/construction/refresh";
import { countComplexes, countTotal, getDeveloperRecord } from "../../worker/db/queries/complexes";
import { refreshConstruction, upsertProgress } from "../../worker/db/queries/construction";
import { loadComplex } from "../../worker/loaders/complexes";
import { depsOf } from "../../worker/loaders/deps";
import { scheduled } from "../../worker/scheduled";
import { directCountSql } from "../catalogue-oracle";
import { get, getJson, operatorCookie, rows } from "./helpers";

const NOW = new Date("2026-11-28T09:00:00Z");
const q = (year: number, quarter: number) => year * 4 + quarter - 1;
const nb = (s: string) => s.replace(/\u00a0/g, " ");

/** The house's reports, December 2025 to November 2026: on pace, then standing since May. */
const REPORTS: [string, number][] = [
  ["2025-12", 40],
  ["2026-01", 44],
  ["2026-02", 48],
  ["2026-03", 52],
  ["2026-04", 56],
  ["2026-05", 60],
  ["2026-06", 60],
  ["2026-07", 60],
  ["2026-08", 60],
  ["2026-09", 61],
  ["2026-10", 61],
  ["2026-11", 61],
];

let complex: { id: number; slug: string };
let house: number;

beforeAll(async () => {
  // A complex of one house being built, whose deadline the seed never moved.
  const [row] = await rows<{ id: number; slug: string; house: number }>(
    `SELECT rc.id, rc.slug, min(h.id) AS house FROM residential_complexes rc JOIN houses h ON h.complex_id = rc.id
     WHERE rc.is_published = 1 AND rc.is_finished = 0 GROUP BY rc.id
     HAVING count(*) = 1 AND sum(h.deadline_moves) = 0 ORDER BY rc.id LIMIT 1`,
  );
  if (!row) throw new Error("no complex of one house being built");
  complex = row;
  house = row.house;
  // Sales started with the promise of II quarter 2026 (the event the house's insert writes)...
  await env.DB.batch([
    env.DB.prepare("INSERT INTO change_capture (paused) VALUES (1)"),
    env.DB.prepare("UPDATE houses SET deadline_year = 2026, deadline_quarter = 2 WHERE id = ?1").bind(house),
    env.DB.prepare("DELETE FROM change_capture"),
    env.DB.prepare(
      "INSERT INTO change_events (kind, complex_id, house_id, new_value, at) VALUES ('sales_start', ?1, ?2, ?3, '2024-03-01T09:00:00Z')",
    ).bind(complex.id, house, q(2026, 2)),
    env.DB.prepare("DELETE FROM house_progress WHERE house_id = ?1").bind(house),
    ...REPORTS.map(([month, readiness]) =>
      env.DB.prepare(
        "INSERT INTO house_progress (house_id, month, stage, readiness) VALUES (?1, ?2, ?3, ?4)",
      ).bind(house, month, readiness < 60 ? 2 : 3, readiness),
    ),
  ]);
  // ...then moved to IV quarter 2026 and to III quarter 2027: two writes, two events.
  await env.DB.prepare("UPDATE houses SET deadline_year = 2026, deadline_quarter = 4 WHERE id = ?1")
    .bind(house)
    .run();
  await env.DB.prepare("UPDATE houses SET deadline_year = 2027, deadline_quarter = 3 WHERE id = ?1")
    .bind(house)
    .run();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a house's construction", () => {
  it("its timeline, moves, band and reasons in the complex's answer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const detail = await loadComplex(depsOf(env), complex.id);
    const h = detail?.construction.find((x) => x.id === house);
    if (!h) throw new Error("the house has no construction");
    expect(h.latest).toEqual({ month: "2026-11", stage: 3, stage_name: "Фасад", readiness: 61 });
    expect(nb(h.moves)).toBe("срок переносили 2 раза, всего на 5 кварталов");
    // The chart starts a month before the first report (November 2025): the reports at 1–12, today at 12,
    // the promises at the ends of June 2026, December 2026 and September 2027.
    expect(h.timeline.points).toEqual(REPORTS.map(([, y], i) => ({ x: i + 1, y })));
    expect(h.timeline.now).toBe(12);
    expect(h.timeline.deadlines.map((d) => [d.x, nb(d.label), d.current])).toEqual([
      [7, "II кв. 2026", false],
      [13, "IV кв. 2026", false],
      [22, "III кв. 2027", true],
    ]);
    expect(h.timeline.to - h.timeline.from).toBe(22);
    const record = await getDeveloperRecord(env.DB, { complex: complex.id });
    expect(h.risk?.band).toBe("high");
    expect(h.risk?.label).toBe("высокий");
    const own = (h.risk?.reasons ?? []).map(nb).filter((r) => !r.startsWith("застройщик"));
    expect(own).toEqual([
      "за 6 месяцев готовность выросла на 1 %: стройка стоит",
      "срок переносили 2 раза, всего на 5 кварталов",
      "готовность 61 %, до срока 10 месяцев: успеть можно только быстрее обычного темпа",
    ]);
    // The developer's record is the one reason more, when it has delivered houses.
    expect(h.risk?.reasons.length).toBe(record.finished > 0 ? 4 : 3);
    // The answer's risk is the rules' own on the same history (shared/construction/risk.ts).
    expect(h.risk?.reasons).toEqual(
      deliveryRisk(
        {
          finished: false,
          readiness: REPORTS.map(([month, percent]) => ({ month, percent })),
          deadlines: [q(2026, 2), q(2026, 4), q(2027, 3)],
        },
        { delivered: record.finished, late: record.late },
        NOW,
      ).reasons,
    );
  });

  it("the page shows the section, its illustration labelled as such, and the method's link", async () => {
    // The page's text, without the marks React leaves between adjacent texts.
    const html = (await (await get(`/novostroyki/${complex.slug}/`)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain('id="hod-stroitelstva"');
    expect(nb(html)).toContain("срок переносили 2 раза, всего на 5 кварталов");
    expect(html).toContain("Риск переноса: высокий");
    expect(html).toMatch(/<figcaption>Иллюстрация: фасад, не фото<\/figcaption>/);
    expect(html).toContain('href="/riski-perenosa/"');
    expect(html).toMatch(/<svg[^>]*class="cx-timeline"[^>]*role="img"/);
  });

  it("the moves count at once; the risk follows refreshConstruction; the filters equal the plain SQL", async () => {
    const [moves] = await rows<{ deadline_moves: number; mask: number }>(
      `SELECT h.deadline_moves, rc.construction_mask AS mask FROM houses h
       JOIN residential_complexes rc ON rc.id = h.complex_id WHERE h.id = ?1`,
      house,
    );
    expect(moves?.deadline_moves).toBe(2);
    expect((moves?.mask ?? 0) & 1).toBe(0);
    const record = await getDeveloperRecord(env.DB, { complex: complex.id });
    await refreshConstruction(env.DB, complex.id, { delivered: record.finished, late: record.late }, NOW);
    const [kept] = await rows<{ readiness: number; risk: number; c_readiness: number; c_risk: number }>(
      `SELECT h.readiness, h.delivery_risk AS risk, rc.readiness AS c_readiness, rc.delivery_risk AS c_risk
       FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id WHERE h.id = ?1`,
      house,
    );
    expect(kept).toEqual({ readiness: 61, risk: 2, c_readiness: 61, c_risk: 2 });
    const filters: CatalogueFilter[] = [
      { no_moves: true },
      { low_risk: true },
      { no_moves: true, low_risk: true },
      { low_risk: true, rooms: [1, 2] },
      { no_moves: true, regions: [1] },
    ];
    for (const filter of filters) {
      expect(await countComplexes(env.DB, filter), JSON.stringify(filter)).toBe(
        await countTotal(env.DB, directCountSql(filter)),
      );
    }
    // The complex is in neither filter's answer now.
    const ids = await rows<{ id: number }>(
      "SELECT id FROM residential_complexes WHERE id = ?1 AND (construction_mask & 3) = 0",
      complex.id,
    );
    expect(ids).toEqual([{ id: complex.id }]);
  });

  it("a kept band is refreshed by the five-minute job of its slice, with no feed: at most a day old", async () => {
    const kept = async () =>
      (
        await rows<{ risk: number; c_risk: number; moved: number }>(
          `SELECT h.delivery_risk AS risk, rc.delivery_risk AS c_risk, (rc.construction_mask & 1) = 0 AS moved
           FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id WHERE h.id = ?1`,
          house,
        )
      )[0];
    // As if written long ago: low risk, never moved.
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE residential_complexes SET delivery_risk = 0, construction_mask = 3 WHERE id = ?1",
      ).bind(complex.id),
      env.DB.prepare("UPDATE houses SET delivery_risk = 0 WHERE id = ?1").bind(house),
    ]);
    const run = async (slice: number) => {
      const ctx = createExecutionContext();
      const scheduledTime = Date.UTC(2026, 10, 28) + slice * 5 * 60_000;
      scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    const own = complex.id % REFRESH_SLICES;
    await run((own + 1) % REFRESH_SLICES);
    expect(await kept()).toEqual({ risk: 0, c_risk: 0, moved: 0 });
    await run(own);
    expect(await kept()).toEqual({ risk: 2, c_risk: 2, moved: 1 });
  });

  it("the company page counts the developer's houses on time, late by so many quarters, and being built", async () => {
    const [dev] = await rows<{ slug: string; id: number }>(
      `SELECT c.slug, c.id FROM companies c JOIN residential_complexes rc ON rc.developer_id = c.id
       JOIN houses h ON h.complex_id = rc.id WHERE rc.is_published = 1 AND h.is_finished = 1
         AND h.planned_deadline_year IS NOT NULL
       GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
    );
    if (!dev) throw new Error("the seed has no developer that delivered late");
    const { body: company } = await getJson<Company>(`/api/v1/companies/${dev.slug}?type=developer`);
    // Written out straight on the houses: each house once, its state and its quarters late.
    const houses = await rows<{ finished: number; late: number; moved: number }>(
      `SELECT h.is_finished AS finished,
         coalesce(max(0, h.deadline_year * 4 + h.deadline_quarter - h.planned_deadline_year * 4 - h.planned_deadline_quarter), 0) AS late,
         (SELECT count(*) FROM change_events e WHERE e.house_id = h.id AND e.kind = 'deadline') > 0 AS moved
       FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id
       WHERE rc.developer_id = ?1 AND rc.is_published = 1`,
      dev.id,
    );
    const count = (f: (h: (typeof houses)[number]) => boolean) => houses.filter(f).length;
    const answered = (f: (r: Company["houses"][number]) => boolean) =>
      company.houses.filter(f).reduce((n, r) => n + r.houses, 0);
    expect(answered(() => true)).toBe(houses.length);
    expect(answered((r) => r.finished && r.late_quarters === 0)).toBe(
      count((h) => h.finished === 1 && h.late === 0),
    );
    for (const q of [1, 2, 3, 4, 5])
      expect(
        answered((r) => r.finished && r.late_quarters === q),
        `late by ${q}`,
      ).toBe(count((h) => h.finished === 1 && h.late === q));
    expect(answered((r) => !r.finished && r.moved)).toBe(count((h) => h.finished === 0 && h.moved === 1));
    expect(company.record.late_houses).toBe(count((h) => h.finished === 1 && h.late > 1));
    const html = (await (await get(`/companies/developers/${dev.slug}/`)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain('<table class="house-record">');
    expect(html).toMatch(/Сданы с опозданием на \d+\u00a0квартал/);
  });
});

describe("the operator's correction of a month's report (/operator/stroyka/)", () => {
  const page = (query: string, cookie?: string) =>
    SELF.fetch(`http://localhost/operator/stroyka/${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  const correct = (form: Record<string, string>, headers: Record<string, string>, id = house) =>
    SELF.fetch(`http://localhost/operator/stroyka/${id}/`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form).toString(),
    });
  const month = moscowMonth(new Date());
  const report = async () =>
    (
      await rows<{ stage: number; readiness: number; corrected: number; kept: number }>(
        `SELECT p.stage, p.readiness, p.corrected_at IS NOT NULL AS corrected, h.readiness AS kept
         FROM houses h LEFT JOIN house_progress p ON p.house_id = h.id AND p.month = ?2 WHERE h.id = ?1`,
        house,
        month,
      )
    )[0];

  it("refuses strangers and bad input, keeps a correction over the feed's next report", async () => {
    expect((await page(`?complex=${complex.slug}`)).status).toBe(401);
    const before = await report();
    const good = { month, stage: String(stageOf(95)), readiness: "95" };
    expect((await correct(good, { Origin: "http://localhost" })).status).toBe(401);

    const cookie = await operatorCookie("203.0.113.31");
    const shown = await page(`?complex=${complex.slug}`, cookie);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(`action="/operator/stroyka/${house}/"`);
    expect(html).toContain("фид застройщика");
    expect((await page("?complex=net-takogo-zhk", cookie)).status).toBe(404);

    const origin = { Cookie: cookie, Origin: "http://localhost" };
    expect((await correct(good, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    const refused: [Record<string, string>, string][] = [
      [{ ...good, readiness: "150" }, "целое число процентов"],
      [{ ...good, readiness: "-5" }, "целое число процентов"],
      [{ ...good, stage: "9" }, "Выберите этап"],
      [{ ...good, month: "2099-01" }, "не позже текущего"],
      [{ ...good, month: "01.2026" }, "ГГГГ-ММ"],
      [{ ...good, stage: "1" }, "не сходится с готовностью 95"],
    ];
    for (const [form, says] of refused) {
      const res = await correct(form, origin);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(await res.text()).toContain(says);
    }
    expect(await report()).toEqual(before);
    expect((await correct(good, origin, 999_999_999)).status).toBe(404);

    const done = await correct(good, origin);
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/operator/stroyka/?complex=${complex.slug}#house-${house}`);
    expect(await report()).toEqual({ stage: stageOf(95), readiness: 95, corrected: 1, kept: 95 });
    // The feed sends the month again: the operator's figures stay (a photo it adds would be kept).
    await upsertProgress(env.DB, { houseId: house, month, stage: 3, readiness: 62, photo: null }).run();
    expect(await report()).toEqual({ stage: stageOf(95), readiness: 95, corrected: 1, kept: 95 });
    expect(await (await page(`?complex=${complex.slug}`, cookie)).text()).toContain("консультант, ");
  });
});

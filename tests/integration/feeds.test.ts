import {
  createExecutionContext,
  createScheduledController,
  env,
  SELF,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ComplexDetail } from "../../shared/schemas/catalogue";
import { importFeedAt } from "../../worker/feeds/import";
import { scheduled } from "../../worker/scheduled";
import broken from "../fixtures/feeds/broken.xml?raw";
import ladoga from "../fixtures/feeds/ladoga.xml?raw";
import zvezda from "../fixtures/feeds/severnaya-zvezda.xml?raw";
import { getJson, rows } from "./helpers";

// The tests of this file run in order on one database: each builds on what the ones before imported.
const LADOGA_URL = "https://feeds.ladoga.example/yrl.xml";
const ZVEZDA_URL = "https://sev-zvezda.example/feed.xml";

/** The text as a stream of small chunks (letters and tags cut anywhere), as a download arrives. */
function stream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 997));
      at += 997;
    },
  });
}

const importText = (url: string, text: string) => importFeedAt(env.DB, url, stream(text));

/** Everything an import may write, summed up: equal states mean nothing changed. */
async function catalogueState() {
  const [state] = await rows<Record<string, number | string>>(
    `SELECT
       (SELECT count(*) || ':' || total(price) || ':' || total(status) || ':' || total(area_total) || ':' ||
               total(position) || ':' || total(house_id) || ':' || total(length(plan)) FROM living_objects) AS apartments,
       (SELECT count(*) || ':' || total(min_price) || ':' || total(apartments_on_sale) || ':' || total(build_stage) ||
               ':' || total(floors_max) || ':' || group_concat(slug) FROM residential_complexes) AS complexes,
       (SELECT count(*) || ':' || total(floors) || ':' || total(per_floor) FROM houses) AS houses,
       (SELECT count(*) || ':' || total(count) || ':' || total(min_price) FROM room_stats) AS room_stats,
       (SELECT count(*) || ':' || total(minutes) FROM complex_stations) AS stations,
       (SELECT count(*) || ':' || total(complexes_total) FROM companies) AS companies,
       (SELECT count(*) || ':' || total(new_value) || ':' || total(old_value) FROM change_events) AS events,
       (SELECT count(*) FROM search_entities) AS search`,
  );
  return state;
}

interface ComplexRow {
  id: number;
  slug: string;
  name: string;
  region_id: number;
  locality: string;
  apartments_on_sale: number;
  min_price: number;
  build_stage: number;
  is_finished: number;
  houses: string;
}

async function feedComplexes(): Promise<ComplexRow[]> {
  return rows<ComplexRow>(
    `SELECT rc.id, rc.slug, rc.name, rc.region_id, l.name AS locality, rc.apartments_on_sale, rc.min_price,
       rc.build_stage, rc.is_finished,
       (SELECT group_concat(name || '/' || floors, ', ') FROM (SELECT name, floors FROM houses WHERE complex_id = rc.id ORDER BY id)) AS houses
     FROM residential_complexes rc JOIN localities l ON l.id = rc.locality_id
     WHERE rc.feed_key IS NOT NULL ORDER BY rc.id`,
  );
}

const apartment = (externalId: string) =>
  env.DB.prepare("SELECT id, price, status FROM living_objects WHERE external_id = ?1")
    .bind(externalId)
    .first<{ id: number; price: number; status: number }>();

/** Offers of a feed text without the given internal-ids. */
const without = (text: string, ids: string[]) =>
  ids.reduce((t, id) => t.replace(new RegExp(`<offer internal-id="${id}">[\\s\\S]*?</offer>\\n`), ""), text);

describe("feed import", () => {
  it("creates the expected complexes, houses and apartments from the example feeds", async () => {
    const before = await rows<{ n: number }>("SELECT count(*) AS n FROM residential_complexes");
    const a = await importText(LADOGA_URL, ladoga);
    expect(a).toMatchObject({
      status: "ok",
      offers: 150,
      added: 150,
      updated: 0,
      sold: 0,
      rejected: 0,
      warnings: 0,
    });
    const b = await importText(ZVEZDA_URL, zvezda);
    expect(b).toMatchObject({
      status: "ok",
      offers: 124,
      added: 121,
      updated: 0,
      sold: 0,
      rejected: 3,
      warnings: 1,
    });

    const complexes = await feedComplexes();
    expect(complexes.map(({ id, slug, min_price, ...c }) => c)).toEqual([
      {
        name: "Ладожский парк",
        region_id: 1,
        locality: "Москва",
        apartments_on_sale: 110,
        build_stage: 2,
        is_finished: 0,
        houses: "Корпус 1/17, Корпус 2/14",
      },
      {
        name: "Ладога Сити",
        region_id: 1,
        locality: "Москва",
        apartments_on_sale: 40,
        build_stage: 3,
        is_finished: 1,
        houses: "Корпус А/12",
      },
      {
        name: "Звёздный берег",
        region_id: 3,
        locality: "Красногорск",
        apartments_on_sale: 75,
        build_stage: 2,
        is_finished: 0,
        houses: "Корпус 1/9, Корпус 2/12",
      },
      {
        name: "Звезда Севера",
        region_id: 3,
        locality: "Химки",
        apartments_on_sale: 46,
        build_stage: 3,
        is_finished: 1,
        houses: "Корпус 1/25",
      },
    ]);
    expect(complexes[0]?.id).toBe((before[0]?.n ?? 0) + 1);
    for (const c of complexes) expect(c.slug).toBe(`zhk-${c.slug.replace(/^zhk-|-\d+$/g, "")}-${c.id}`);
    expect(complexes.map((c) => c.slug.replace(/-\d+$/, ""))).toEqual([
      "zhk-ladozhskiy-park",
      "zhk-ladoga-siti",
      "zhk-zvezdnyy-bereg",
      "zhk-zvezda-severa",
    ]);

    // The complex as the site shows it: the developer created from the feed, stations matched by name
    // («Семеновская» is our «Семёновская»), prices from the apartments on sale.
    const park = complexes[0];
    const { status, body } = await getJson<ComplexDetail>(`/api/v1/residential-complexes/${park?.id}`);
    expect(status).toBe(200);
    expect(body.developer.name).toBe("ГК «Ладога»");
    expect(body.developer.slug).toBe(`ladoga-${body.developer.id}`);
    expect(body.stations.map((s) => s.name).sort()).toEqual(["Семёновская", "Электрозаводская"]);
    const [prices] = await rows<{ min: number; max: number }>(
      "SELECT min(price) AS min, max(price) AS max FROM living_objects WHERE complex_id = ?1 AND status = 1",
      park?.id ?? 0,
    );
    expect([body.min_price, body.max_price]).toEqual([prices?.min, prices?.max]);
    expect(body.houses).toHaveLength(2);

    // Every apartment went on sale at its first price (a change event), has its plan image URL and a drawable plan.
    const [history] = await rows<{ apartments: number; prices: number; plans: number }>(
      `SELECT count(*) AS apartments, (SELECT count(*) FROM change_events e JOIN living_objects x
         ON x.id = e.living_object_id AND e.new_value = x.price WHERE x.feed_id IS NOT NULL AND e.kind = 'on_sale') AS prices,
         sum(plan_image LIKE 'https://img.novostroyki.example/feeds/%' AND plan LIKE '%;R,%' OR rooms <= 0) AS plans
       FROM living_objects WHERE feed_id IS NOT NULL`,
    );
    expect(history).toEqual({ apartments: 271, prices: 271, plans: 271 });
  });

  it("reports each invalid offer with its id and a Russian reason, and imports the rest", async () => {
    const [run] = await rows<{ id: number; errors: string; rejected: number }>(
      `SELECT r.id, r.errors, r.rejected FROM import_runs r JOIN feeds f ON f.id = r.feed_id
       WHERE f.url = ?1 ORDER BY r.id DESC LIMIT 1`,
      ZVEZDA_URL,
    );
    const issues = JSON.parse(run?.errors ?? "[]") as { id: string; reason: string; skipped: boolean }[];
    expect(issues.map((i) => [i.id, i.skipped])).toEqual([
      ["zv-err-price", true],
      ["zv-err-area", true],
      ["zv-unknown-metro", false],
      ["—", true],
    ]);
    expect(issues[0]?.reason).toBe("не указано price/value — ожидается цена больше нуля");
    expect(issues[1]?.reason).toBe("area/value = «-42», а ожидается площадь от 5 до 2000 кв. м");
    expect(issues[2]?.reason).toMatch(/^станция «Улица Несуществующая» не найдена/);
    expect(issues[3]?.reason).toMatch(/^нет атрибута internal-id.*floor = «пятый»/);
    expect(await apartment("zv-err-price")).toBeNull();
    expect(await apartment("zv-unknown-metro")).toMatchObject({ status: 1 });
  });

  it("changes nothing when the same feed is imported again", async () => {
    const before = await catalogueState();
    const again = await importText(LADOGA_URL, ladoga);
    expect(again).toMatchObject({ status: "ok", offers: 150, added: 0, updated: 0, sold: 0 });
    expect(await catalogueState()).toEqual(before);
  });

  it("marks the apartments gone from the feed sold, and puts them back on sale when they return", async () => {
    const gone = ["lad-c-001", "lad-c-002", "lad-c-003"];
    const shorter = await importText(LADOGA_URL, without(ladoga, gone));
    expect(shorter).toMatchObject({ status: "ok", offers: 147, added: 0, updated: 0, sold: 3 });
    for (const id of gone) expect(await apartment(id)).toMatchObject({ status: 3 });
    const city = (await feedComplexes()).find((c) => c.name === "Ладога Сити");
    expect(city?.apartments_on_sale).toBe(37);

    const back = await importText(LADOGA_URL, ladoga);
    expect(back).toMatchObject({ status: "ok", added: 0, updated: 3, sold: 0 });
    for (const id of gone) expect(await apartment(id)).toMatchObject({ status: 1 });
    expect((await feedComplexes()).find((c) => c.name === "Ладога Сити")?.apartments_on_sale).toBe(40);
    // Each change is one event: on sale, sold, on sale again.
    for (const id of gone) {
      const events = await rows<{ kind: string }>(
        "SELECT kind FROM change_events WHERE living_object_id = ?1 ORDER BY id",
        (await apartment(id))?.id ?? 0,
      );
      expect(events.map((e) => e.kind)).toEqual(["on_sale", "sold", "on_sale"]);
    }
  });

  it("records one price event with the old and the new price when a price changes", async () => {
    const before = await apartment("lad-p1-001");
    const dearer = (before?.price ?? 0) + 250_000;
    const text = ladoga.replace(
      /(<offer internal-id="lad-p1-001">[\s\S]*?<price><value>)\d+/,
      (_, head: string) => `${head}${dearer}`,
    );
    const run = await importText(LADOGA_URL, text);
    expect(run).toMatchObject({ status: "ok", added: 0, updated: 1, sold: 0 });
    expect(await apartment("lad-p1-001")).toMatchObject({ price: dearer, status: 1 });
    const history = await rows<{ kind: string; old_value: number | null; new_value: number }>(
      "SELECT kind, old_value, new_value FROM change_events WHERE living_object_id = ?1 ORDER BY id",
      before?.id ?? 0,
    );
    expect(history).toEqual([
      { kind: "on_sale", old_value: null, new_value: before?.price },
      { kind: "price", old_value: before?.price, new_value: dearer },
    ]);
    const [counts] = await rows<{ n: number }>(
      `SELECT count(*) AS n FROM change_events e JOIN living_objects x ON x.id = e.living_object_id
       WHERE x.feed_id IS NOT NULL AND e.kind = 'price'`,
    );
    expect(counts?.n).toBe(1);
  });

  it("fails the run of a broken file with the catalogue untouched", async () => {
    const before = await catalogueState();
    const run = await importText(LADOGA_URL, broken);
    expect(run.status).toBe("failed");
    expect(run.message).toMatch(/^Ошибка в XML, строка \d+: ожидался <\/area>, а встретился <\/price>$/);
    expect(await catalogueState()).toEqual(before);
    const [left] = await rows<{ n: number }>("SELECT count(*) AS n FROM feed_staging");
    expect(left?.n).toBe(0);
    const [recorded] = await rows<{ status: string; message: string }>(
      "SELECT status, message FROM import_runs WHERE id = ?1",
      run.runId,
    );
    expect(recorded).toEqual({ status: "failed", message: run.message });

    const empty = await importText(LADOGA_URL, '<?xml version="1.0"?><realty-feed></realty-feed>');
    expect(empty).toMatchObject({ status: "failed", message: "в фиде нет ни одного предложения (<offer>)" });
    expect(await catalogueState()).toEqual(before);
  });
});

describe("scheduled feed pulls", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A local feed server: the feeds by URL, with ETag / Last-Modified and 304 on a matching validator. */
  function serveFeeds(feeds: Record<string, { body: string; etag: string; status?: number }>) {
    const seen: { url: string; ifNoneMatch: string | null; ifModifiedSince: string | null }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const headers = new Headers(init?.headers);
      seen.push({
        url,
        ifNoneMatch: headers.get("If-None-Match"),
        ifModifiedSince: headers.get("If-Modified-Since"),
      });
      const feed = feeds[url];
      if (!feed) return new Response("Not found", { status: 404 });
      const validators = { ETag: feed.etag, "Last-Modified": "Fri, 20 Nov 2026 06:00:00 GMT" };
      if (headers.get("If-None-Match") === feed.etag)
        return new Response(null, { status: 304, headers: validators });
      return new Response(feed.body, {
        status: feed.status ?? 200,
        headers: { "Content-Type": "application/xml", ...validators },
      });
    });
    return seen;
  }

  /** The worker's scheduled handler (worker/index.ts exports it) as the Cron Trigger runs it. */
  async function runCron() {
    const ctx = createExecutionContext();
    scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  const runCount = async () => (await rows<{ n: number }>("SELECT count(*) AS n FROM import_runs"))[0]?.n;

  it("imports a changed feed and does nothing on 304 Not Modified", async () => {
    const feeds = {
      [LADOGA_URL]: { body: ladoga, etag: '"lad-1"' },
      [ZVEZDA_URL]: { body: zvezda, etag: '"zv-1"' },
    };
    const first = serveFeeds(feeds);
    const runsBefore = await runCount();
    await runCron();
    expect(first.map((r) => [r.url, r.ifNoneMatch])).toEqual([
      [LADOGA_URL, null],
      [ZVEZDA_URL, null],
    ]);
    expect(await runCount()).toBe((runsBefore ?? 0) + 2);
    // ladoga.xml has the price lad-p1-001 had before the price test: one update, back to it.
    const [last] = await rows<{ status: string; updated: number; etag: string }>(
      `SELECT r.status, r.updated, f.etag FROM import_runs r JOIN feeds f ON f.id = r.feed_id
       WHERE f.url = ?1 ORDER BY r.id DESC LIMIT 1`,
      LADOGA_URL,
    );
    expect(last).toEqual({ status: "ok", updated: 1, etag: '"lad-1"' });

    vi.restoreAllMocks();
    const second = serveFeeds(feeds);
    const state = await catalogueState();
    const runs = await runCount();
    await runCron();
    expect(second.map((r) => [r.url, r.ifNoneMatch, r.ifModifiedSince])).toEqual([
      [LADOGA_URL, '"lad-1"', "Fri, 20 Nov 2026 06:00:00 GMT"],
      [ZVEZDA_URL, '"zv-1"', "Fri, 20 Nov 2026 06:00:00 GMT"],
    ]);
    expect(await runCount()).toBe(runs);
    expect(await catalogueState()).toEqual(state);

    vi.restoreAllMocks();
    serveFeeds({
      [LADOGA_URL]: { body: without(ladoga, ["lad-p2-050"]), etag: '"lad-2"' },
      [ZVEZDA_URL]: { body: "Service Unavailable", etag: '"zv-2"', status: 503 },
    });
    await runCron();
    expect(await apartment("lad-p2-050")).toMatchObject({ status: 3 });
    const latest = await rows<{ url: string; status: string; message: string | null }>(
      `SELECT f.url, r.status, r.message FROM import_runs r JOIN feeds f ON f.id = r.feed_id ORDER BY r.id DESC LIMIT 2`,
    );
    expect(latest).toEqual([
      { url: ZVEZDA_URL, status: "failed", message: "сервер фида ответил HTTP 503" },
      { url: LADOGA_URL, status: "ok", message: null },
    ]);
  });
});

describe("/operator/feeds/", () => {
  async function operatorCookie(): Promise<string> {
    const res = await SELF.fetch("http://localhost/api/v1/chat/operator/session", {
      method: "POST",
      headers: { "CF-Connecting-IP": "203.0.113.77", "Content-Type": "application/json" },
      body: JSON.stringify({ token: env.OPERATOR_TOKEN }),
    });
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("chat_operator=")) ?? "";
    return set.split(";")[0] ?? "";
  }

  const page = (query: string, cookie?: string) =>
    SELF.fetch(`http://localhost/operator/feeds/${query}`, { headers: cookie ? { Cookie: cookie } : {} });

  it("shows the feeds and their runs to the signed-in operator only", async () => {
    const anonymous = await page("");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Импорт фидов виден только консультантам");

    const cookie = await operatorCookie();
    const list = await page("", cookie);
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await list.text();
    expect(html).toContain(LADOGA_URL);
    expect(html).toContain("ГК «Ладога»");
    expect(html).toContain('<span class="failed">ошибка</span>');
    expect(html).toContain('<span class="ok">успешно</span>');

    const [run] = await rows<{ id: number }>(
      "SELECT r.id FROM import_runs r JOIN feeds f ON f.id = r.feed_id WHERE f.url = ?1 AND r.rejected = 3 LIMIT 1",
      ZVEZDA_URL,
    );
    const detail = await (await page(`?run=${run?.id}`, cookie)).text();
    expect(detail).toContain("zv-err-price");
    expect(detail).toContain("area/value = «-42», а ожидается площадь от 5 до 2000 кв. м");
    expect(detail).toContain("не импортировано");

    const bad = await page("?run=abc", cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("номер импорта — целое положительное число");
    expect((await page("?run=999999", cookie)).status).toBe(404);
  });
});

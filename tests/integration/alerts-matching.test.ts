/**
 * A saved search matches the changed apartments the listing would show for its URL, and no others: for each
 * sample URL (the catalogue's fields at every level, named listings, the map, the apartments' lists), the
 * apartments the matching records equal the reference built from the pages' own loaders — the catalogue's list
 * of the URL's filter narrowed to the apartment's complex, and the apartments' list of that complex with the
 * URL's apartment fields (an apartment matches when both hold for it).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SORT } from "../../shared/constants";
import type { ApartmentFilter } from "../../shared/filters/apartments";
import { CATALOGUE_FIELDS, type CatalogueFilter, filterToUrlQuery } from "../../shared/filters/catalogue";
import { random } from "../../shared/random";
import { matchEvents } from "../../worker/alerts/match";
import { writeSearchKeys } from "../../worker/alerts/match-chunk";
import { savedSearchOf } from "../../worker/alerts/saved-search";
import { KEY_COLUMNS, searchKeys } from "../../worker/alerts/search-keys";
import { sendLetters } from "../../worker/alerts/send";
import { sha256 } from "../../worker/alerts/tokens";
import { confirmSubscriber, listCandidateTargets, storeSubscription } from "../../worker/db/queries/alerts";
import { listComplexes } from "../../worker/db/queries/complexes";
import { listApartments } from "../../worker/db/queries/living-objects";
import { resolvePlace } from "../../worker/loaders/complexes";
import { rows } from "./helpers";

interface Changed {
  id: number;
  complex_id: number;
}

let changed: Changed[] = [];
const urls: string[] = [];

/** The apartment fields of a catalogue filter, as the apartments' filter has them (payment is a price bound). */
const apartmentFields = (f: CatalogueFilter): ApartmentFilter => ({
  ...(f.rooms ? { rooms: f.rooms } : {}),
  ...(f.price ? { price: f.price } : {}),
  ...(f.area ? { area: f.area } : {}),
  ...(f.otdelka ? { otdelka: f.otdelka } : {}),
});

async function listedIn(filter: ApartmentFilter, complex: number): Promise<Set<number>> {
  const { rows: list } = await listApartments(env.DB, {
    filter: { ...filter, complex },
    page: 1,
    perPage: 5000,
    sort: "price asc",
  });
  return new Set(list.map((r) => r.id));
}

/**
 * Every complex the catalogue's list of the filter shows (all its pages at once), its place resolved as the
 * page's loader resolves it (none for a place that is not there: the page is a 404).
 */
const complexLists = new Map<string, Promise<Set<number>>>();
function listedComplexes(f: CatalogueFilter): Promise<Set<number>> {
  const key = JSON.stringify(f);
  let list = complexLists.get(key);
  if (!list) {
    list = resolvePlace({ db: env.DB, kv: env.KV, reads: new Map() }, f).then(async (filter) =>
      filter
        ? new Set(
            (await listComplexes(env.DB, { filter, page: 1, perPage: 100_000, sort: DEFAULT_SORT })).rows.map(
              (r) => r.id,
            ),
          )
        : new Set<number>(),
    );
    complexLists.set(key, list);
  }
  return list;
}

/** The reference: which changed apartments the URL's page would list. */
async function reference(url: string): Promise<number[]> {
  const saved = savedSearchOf(url);
  if (!saved) throw new Error(`not a list: ${url}`);
  const out: number[] = [];
  for (const a of changed) {
    if (saved.saved.model === "catalogue") {
      const f = saved.saved.filter;
      if (f.payment) throw new Error("the sample has no payment");
      if (
        (await listedComplexes(f)).has(a.complex_id) &&
        (await listedIn(apartmentFields(f), a.complex_id)).has(a.id)
      )
        out.push(a.id);
    } else {
      const f = saved.saved.filter;
      if (f.complex !== undefined && f.complex !== a.complex_id) continue;
      if ((await listedIn(f, a.complex_id)).has(a.id)) out.push(a.id);
    }
  }
  return out.sort((x, y) => x - y);
}

let subscribers = 0;
/** Saves the URL's search for a confirmed subscriber of its own, its keys written as subscribing writes them. */
async function subscribe(url: string, keys = true): Promise<string> {
  const saved = savedSearchOf(url);
  if (!saved) throw new Error(`not a list: ${url}`);
  const i = ++subscribers;
  const hash = await sha256(`token-${i}`);
  await storeSubscription(env.DB, {
    email: `match${i}@example.ru`,
    consentVersion: "2026-11-01",
    at: new Date().toISOString(),
    confirmHash: hash,
    confirmExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
    kind: "search",
    target: saved.target,
    targetId: null,
    name: url,
    frequency: "instant",
    feedToken: `feed-${i}`,
  });
  if (keys) await writeSearchKeys(env, [saved.target]);
  expect((await confirmSubscriber(env.DB, hash, new Date().toISOString())).outcome).toBe("confirmed");
  return saved.target;
}

/** The changes: each changed apartment 1 % cheaper (a price event each, by the trigger); the events' range. */
async function dropPrices(): Promise<{ from: number; to: number }> {
  const [before] = await rows<{ last: number }>("SELECT coalesce(max(id), 0) AS last FROM change_events");
  await env.DB.prepare(
    "UPDATE living_objects SET price = price - price / 100 WHERE id IN (SELECT value FROM json_each(?1))",
  )
    .bind(JSON.stringify(changed.map((c) => c.id)))
    .run();
  const [after] = await rows<{ last: number }>("SELECT coalesce(max(id), 0) AS last FROM change_events");
  return { from: before?.last ?? 0, to: after?.last ?? 0 };
}

/** The changed apartments a saved search recorded among the events after `after`. */
const matchedOf = async (target: string, after = 0) =>
  (
    await rows<{ id: number }>(
      `SELECT DISTINCT e.living_object_id AS id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
       JOIN change_events e ON e.id = d.event_id WHERE s.target = ?1 AND e.id > ?2 ORDER BY e.living_object_id`,
      target,
      after,
    )
  ).map((m) => m.id);

describe("a saved search's matches", () => {
  beforeAll(async () => {
    // Up to 60 apartments on sale across the catalogue, from complexes of every kind.
    changed = await rows<Changed>(
      `SELECT lo.id, lo.complex_id FROM living_objects lo JOIN residential_complexes rc ON rc.id = lo.complex_id
       WHERE lo.status = 1 AND lo.id % 43 = 3 ORDER BY lo.id LIMIT 60`,
    );
    expect(changed.length).toBeGreaterThan(40);
    const [station] = await rows<{ station_id: number }>(
      `SELECT cs.station_id FROM complex_stations cs WHERE cs.complex_id = ?1 AND cs.distance_type = 1`,
      changed[0]?.complex_id ?? 0,
    );
    const [metro] = await rows<{ slug: string }>(
      `SELECT s.slug FROM complex_stations cs JOIN subway_stations s ON s.id = cs.station_id
       WHERE cs.complex_id = ?1 AND s.kind = 'metro' ORDER BY cs.minutes LIMIT 1`,
      changed[3]?.complex_id ?? 0,
    );
    const [slug] = await rows<{ slug: string }>(
      "SELECT slug FROM residential_complexes WHERE id = ?1",
      changed[1]?.complex_id ?? 0,
    );
    const [developer] = await rows<{ developer_id: number }>(
      "SELECT developer_id FROM residential_complexes WHERE id = ?1",
      changed[2]?.complex_id ?? 0,
    );
    urls.push(
      "/novostroyki/",
      "/novostroyki/?rooms=1,2",
      "/novostroyki/?max_price=12000000",
      "/novostroyki/?min_area=40&max_area=70&rooms=2",
      "/novostroyki/?otdelka=1",
      "/novostroyki/?deadline=0",
      "/novostroyki/?regions=1&rooms=0",
      "/novostroyki/?build_class=2,3&max_price=20000000",
      `/novostroyki/?developers=${developer?.developer_id}`,
      `/novostroyki/?subway_stations=${station?.station_id}&distance_type=1&distance_time=3`,
      "/novostroyki/moskva/",
      `/po-metro/${metro?.slug}/?rooms=1,2`,
      "/po-metro/net-takoy-stantsii/",
      "/novostroyki/dlya-investitsiy/",
      "/novostroyki/na-karte/?rooms=3",
      "/kvartiry/",
      "/kvartiry/?rooms=2&max_price=15000000",
      "/kvartiry/studii/",
      "/kvartiry/?min_floor=3&max_floor=9",
      `/kvartiry/novostroyka/${slug?.slug}/`,
    );
    // Each URL saved by a confirmed subscriber of its own.
    for (const url of urls) await subscribe(url);
    await dropPrices();
    // Small batches, so the matching crosses several.
    await matchEvents(env, { batch: 7 });
  });

  it("equal the listing's answer restricted to the changed apartments, for every sample URL", async () => {
    let nonEmpty = 0;
    for (const url of urls) {
      const target = savedSearchOf(url)?.target ?? "";
      const matched = await rows<{ id: number }>(
        `SELECT e.living_object_id AS id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
         JOIN change_events e ON e.id = d.event_id WHERE s.target = ?1 ORDER BY e.living_object_id`,
        target,
      );
      const expected = await reference(url).catch((e) => {
        throw new Error(`${url}: ${e}`);
      });
      expect({ url, ids: matched.map((m) => m.id) }).toEqual({ url, ids: expected });
      if (expected.length) nonEmpty++;
    }
    // The samples tell apart: most find some of the changes, and not all find all of them.
    expect(nonEmpty).toBeGreaterThan(urls.length / 2);
    const everything = await reference("/novostroyki/");
    expect(everything.length).toBeGreaterThan(0);
  });
});

/**
 * Random catalogue filters over the filter table's own fields (CATALOGUE_FIELDS, those a page URL carries): a
 * list or code from its options, or from the values the changed apartments have in the field's key column (so
 * the searches find some); a range around those values; a flag set. The payment (the reference has no
 * mortgage) and the commute (no trips in the seed) are left out.
 */
async function randomFilters(count: number, seed: number): Promise<CatalogueFilter[]> {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const ids = JSON.stringify(changed.map((c) => c.id));
  /** The changed apartments' values of a key column (rc.*, lo.*, cs.*). */
  const valuesOf = async (col: string) =>
    (
      await rows<{ v: number }>(
        `SELECT DISTINCT ${col} AS v FROM living_objects lo JOIN residential_complexes rc ON rc.id = lo.complex_id
         LEFT JOIN complex_stations cs ON cs.complex_id = rc.id
         WHERE lo.id IN (SELECT value FROM json_each(?1)) AND ${col} IS NOT NULL ORDER BY 1`,
        ids,
      )
    ).map((r) => r.v);
  const columnOf = (field: string, value: unknown) =>
    searchKeys({ model: "catalogue", filter: { [field]: value } as CatalogueFilter })[0]?.col ??
    KEY_COLUMNS.find((c) => c === { price: "lo.price", area: "lo.area_total" }[field]);
  const makers: Record<string, () => Promise<unknown>> = {};
  for (const [field, def] of Object.entries(CATALOGUE_FIELDS) as [string, Record<string, unknown>][]) {
    if (!def.url || field === "payment" || field.startsWith("commute")) continue;
    const options = def.options ? Object.keys(def.options as object).map(Number) : null;
    if (def.kind === "flag") makers[field] = async () => true;
    else if (def.kind === "code" && options) makers[field] = async () => pick(options);
    else if (def.kind === "word" && field === "near")
      makers[field] = async () => pick(["metro", "mcc", "mcd"]);
    else if (def.kind === "list") {
      const col = columnOf(field, [1]);
      const values =
        options ?? (col ? await valuesOf(col) : field === "deadline" ? [0, 2026, 2027, 2028] : []);
      if (values.length)
        makers[field] = async () => [...new Set([pick(values), ...(rnd() < 0.4 ? [pick(values)] : [])])];
    } else if (def.kind === "range") {
      const col = columnOf(field, { min: 1 });
      const values = col ? await valuesOf(col) : [];
      if (values.length)
        makers[field] = async () => {
          const [a, b] = [pick(values), pick(values)].sort((x, y) => x - y);
          const side = rnd();
          return side < 0.4 ? { max: b } : side < 0.7 ? { min: a } : { min: a, max: b };
        };
    }
  }
  const fields = Object.keys(makers);
  const out: CatalogueFilter[] = [];
  for (let i = 0; i < count; i++) {
    const f: Record<string, unknown> = {};
    const n = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < n; k++) {
      const field = pick(fields);
      f[field] = await makers[field]?.();
    }
    out.push(f as CatalogueFilter);
  }
  return out;
}

describe("candidate searches (migration 0026)", () => {
  it("pruning by the keys never drops a true match: random searches over the filter table's fields", async () => {
    const filters = await randomFilters(60, 20261128);
    const searches = [...new Set(filters.map((f) => `/novostroyki/${filterToUrlQuery(f)}`))];
    // Apartments' lists too: a complex's, with rooms, price, floor.
    const rnd = random(7);
    for (const c of changed.slice(0, 8)) {
      const [slug] = await rows<{ slug: string }>(
        "SELECT slug FROM residential_complexes WHERE id = ?1",
        c.complex_id,
      );
      searches.push(`/kvartiry/novostroyka/${slug?.slug}/?rooms=${Math.floor(rnd() * 4)}`);
      searches.push(
        `/kvartiry/?min_floor=${1 + Math.floor(rnd() * 5)}&max_price=${(8 + Math.floor(rnd() * 20)) * 1e6}`,
      );
    }
    const targets: string[] = [];
    for (const url of searches) targets.push(await subscribe(url));
    const range = await dropPrices();
    const candidates = new Set(await listCandidateTargets(env.DB, KEY_COLUMNS, range.from, range.to));
    await matchEvents(env, { batch: 13 });
    let nonEmpty = 0;
    for (const [i, target] of targets.entries()) {
      const expected = await reference(searches[i] ?? "");
      expect({ target, ids: await matchedOf(target, range.from) }).toEqual({ target, ids: expected });
      if (expected.length) {
        nonEmpty++;
        expect({ target, candidate: candidates.has(target) }).toEqual({ target, candidate: true });
      }
    }
    // The sample tells apart: some searches find changes, and the keys leave some searches out.
    expect(nonEmpty).toBeGreaterThan(targets.length / 5);
    expect(targets.filter((t) => !candidates.has(t)).length).toBeGreaterThan(targets.length / 5);
  });

  it("a search saved before its keys existed, or whose place is gone, behaves as before", async () => {
    // A station's page with the rooms of a changed apartment near it, one that its page lists.
    let url = "";
    for (const c of changed) {
      const [metro] = await rows<{ slug: string; rooms: number }>(
        `SELECT s.slug, lo.rooms FROM living_objects lo JOIN complex_stations cs ON cs.complex_id = lo.complex_id
           JOIN subway_stations s ON s.id = cs.station_id
         WHERE lo.id = ?1 AND s.kind = 'metro' ORDER BY cs.minutes LIMIT 1`,
        c.id,
      );
      url = `/po-metro/${metro?.slug}/?rooms=${metro?.rooms}`;
      if (metro && (await reference(url)).length) break;
    }
    const old = await subscribe(url, false);
    const gone = await subscribe("/po-metro/stantsiya-kotoroy-net/?rooms=2");
    expect(await rows("SELECT 1 FROM search_key_sets WHERE target = ?1", old)).toEqual([]);
    expect(await rows<{ cols: number }>("SELECT cols FROM search_key_sets WHERE target = ?1", gone)).toEqual([
      { cols: 0 },
    ]);
    const range = await dropPrices();
    // Unkeyed, it is a candidate of every batch; the run writes its keys.
    expect(await listCandidateTargets(env.DB, KEY_COLUMNS, range.from, range.to)).toContain(old);
    await matchEvents(env, { batch: 11 });
    const expected = await reference(url);
    expect(expected.length).toBeGreaterThan(0);
    expect(await matchedOf(old, range.from)).toEqual(expected);
    expect(await matchedOf(gone, range.from)).toEqual([]);
    expect(
      (await rows<{ cols: number }>("SELECT cols FROM search_key_sets WHERE target = ?1", old))[0]?.cols,
    ).toBe(2);
  });

  it("chunks handed to the queue and delivered twice record each match once", async () => {
    const targets = [];
    for (const url of urls.slice(0, 12)) targets.push(savedSearchOf(url)?.target ?? "");
    const range = await dropPrices();
    const sent: unknown[] = [];
    const queue = {
      async sendBatch(messages: Iterable<MessageSendRequest>) {
        for (const m of messages) sent.push(m.body);
      },
    };
    // Nothing matched in the run itself: every chunk of two searches goes to the queue.
    const run = await matchEvents(env, { batch: 17, chunk: 2, inline: 0, queue });
    expect(run.queued).toBe(sent.length);
    expect(sent.length).toBeGreaterThan(3);
    const count = async () =>
      (await rows<{ n: number }>("SELECT count(*) AS n FROM deliveries WHERE event_id > ?1", range.from))[0]
        ?.n;
    expect(await count()).toBe(0);
    let seq = 0;
    const deliver = async () => {
      const batch = createMessageBatch(
        "novostroyki-alerts",
        sent.map((body) => ({ id: `c${++seq}`, timestamp: new Date(), attempts: 1, body })),
      );
      await sendLetters(batch, env);
      const result = await getQueueResult(batch, createExecutionContext());
      expect(result.retryMessages).toEqual([]);
    };
    await deliver();
    const once = await count();
    expect(once).toBeGreaterThan(0);
    await deliver();
    expect(await count()).toBe(once);
    for (const [i, target] of targets.entries())
      expect({ target, ids: await matchedOf(target, range.from) }).toEqual({
        target,
        ids: await reference(urls[i] ?? ""),
      });
  });
});

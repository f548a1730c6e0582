/**
 * A saved search matches the changed apartments the listing would show for its URL, and no others: for each
 * sample URL (the catalogue's fields at every level, named listings, the map, the apartments' lists), the
 * apartments the matching records equal the reference built from the pages' own loaders — the catalogue's list
 * of the URL's filter narrowed to the apartment's complex, and the apartments' list of that complex with the
 * URL's apartment fields (an apartment matches when both hold for it).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SORT } from "../../shared/constants";
import type { ApartmentFilter } from "../../shared/filters/apartments";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { matchEvents } from "../../worker/alerts/match";
import { savedSearchOf } from "../../worker/alerts/saved-search";
import { sha256 } from "../../worker/alerts/tokens";
import { confirmSubscriber, storeSubscription } from "../../worker/db/queries/alerts";
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
    for (const [i, url] of urls.entries()) {
      const saved = savedSearchOf(url);
      if (!saved) throw new Error(`not a list: ${url}`);
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
      expect((await confirmSubscriber(env.DB, hash, new Date().toISOString())).outcome).toBe("confirmed");
    }
    // The changes: each apartment 1 % cheaper (a price event each, by the trigger).
    await env.DB.prepare(
      "UPDATE living_objects SET price = price - price / 100 WHERE id IN (SELECT value FROM json_each(?1))",
    )
      .bind(JSON.stringify(changed.map((c) => c.id)))
      .run();
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

// npm run bench:alerts [-- --scale 10 --searches 100000 --changes 10000 --sample 1000]
//
// Matching at scale (docs/decisions/0021-matching-at-scale.md): on a copy of the seeded local D1 of the scale,
// stores the saved searches (a mix drawn from the seed: places, rooms, price caps, some with no key), imports
// the changes (price drops and new flats, written to living_objects so the triggers record the events as the
// feed import's writes do), then runs the worker's own matching (matchEvents, the alerts queue's consumer for
// every chunk it hands over, the letters) through Miniflare's D1, and prints time, CPU, D1 rows read and
// written, statements, matches, letters and memory. Then checks a sample of searches against the reference:
// the listing's own SQL of the same URL restricted to the changed apartments.
import { cpSync, existsSync, rmSync } from "node:fs";
import { Miniflare } from "miniflare";
import { databaseId, importTypeScript, migrate } from "./db.mjs";
import { cpuOf, memoryOf, prepareScale, runtimePids } from "./local-server.mjs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SCALE = arg("scale", 10);
const SEARCHES = arg("searches", 100_000);
const CHANGES = arg("changes", 10_000);
const SAMPLE = arg("sample", 1000);

/** A deterministic generator (shared/random.ts): the same mix and the same import on every run. */
const { random } = await importTypeScript("shared/random.ts");
const rnd = random(20261128);
/** An entry of a list, the first ones more often (popular places and flats are saved by many). */
const popular = (list) => list[Math.floor(list.length * rnd() ** 2)];
const any = (list) => list[Math.floor(list.length * rnd())];
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} с`;
const n = (x) => x.toLocaleString("ru-RU");

/** What a statement is, for the rows' split: the candidates' query, a saved search's own SQL, the rest. */
const kindOf = (sql) =>
  sql.includes("WITH changed")
    ? "candidates"
    : sql.includes("CROSS JOIN living_objects")
      ? "searches"
      : "other";

/**
 * D1 with every statement's meta summed: rows read, rows written, statements (D1 counts each of a batch), and
 * the rows read by kind of statement.
 */
function metered(db, m) {
  const add = (meta, sql) => {
    m.statements++;
    m.read += meta?.rows_read ?? 0;
    m.written += meta?.rows_written ?? 0;
    const kind = kindOf(sql);
    m.byKind[kind] = (m.byKind[kind] ?? 0) + (meta?.rows_read ?? 0);
  };
  const statement = (s, sql) => ({
    inner: s,
    sql,
    bind: (...args) => statement(s.bind(...args), sql),
    async all() {
      const r = await s.all();
      add(r.meta, sql);
      return r;
    },
    async run() {
      const r = await s.run();
      add(r.meta, sql);
      return r;
    },
    async first(column) {
      const r = await s.all();
      add(r.meta, sql);
      const row = r.results[0] ?? null;
      return column ? (row?.[column] ?? null) : row;
    },
  });
  return {
    prepare: (sql) => statement(db.prepare(sql), sql),
    async batch(list) {
      const results = await db.batch(list.map((s) => s.inner));
      for (const [i, r] of results.entries()) add(r.meta, list[i].sql);
      return results;
    },
  };
}

const base = await prepareScale(SCALE);
const dir = `.wrangler/bench-alerts-${SCALE}`;
console.log(`▶ Копия базы масштаба ${SCALE}: ${dir}`);
rmSync(dir, { recursive: true, force: true });
cpSync(base, dir, { recursive: true });
migrate(dir);

const mf = new Miniflare({
  modules: true,
  script: "export default { fetch() { return new Response(null, { status: 204 }) } }",
  d1Databases: { DB: databaseId() },
  kvNamespaces: ["KV"],
  d1Persist: `${dir}/v3/d1`,
});
const raw = await mf.getD1Database("DB");
const kv = await mf.getKVNamespace("KV");
const all = async (sql, ...params) =>
  (
    await raw
      .prepare(sql)
      .bind(...params)
      .all()
  ).results;

const match = await importTypeScript("worker/alerts/match.ts");
const send = await importTypeScript("worker/alerts/send.ts");
const chunks = await importTypeScript("worker/alerts/match-chunk.ts");
const saved = await importTypeScript("worker/alerts/saved-search.ts");
const complexes = await importTypeScript("worker/db/queries/complexes.ts");
const apartments = await importTypeScript("worker/db/queries/living-objects.ts");
const loaders = await importTypeScript("worker/loaders/complexes.ts");

// ---- The saved searches: a mix drawn from the seed ----
const pick = async (sql) => (await all(sql)).map((r) => r.v);
const metros = await pick(
  `SELECT s.slug AS v FROM subway_stations s WHERE s.kind = 'metro'
     AND EXISTS (SELECT 1 FROM complex_stations cs WHERE cs.station_id = s.id) ORDER BY s.id`,
);
const districts = await pick(
  `SELECT d.slug AS v FROM districts d WHERE EXISTS (SELECT 1 FROM residential_complexes rc
     WHERE rc.district_id = d.id AND rc.is_published = 1) ORDER BY d.id`,
);
const developers = await pick(
  `SELECT DISTINCT developer_id AS v FROM residential_complexes WHERE is_published = 1 ORDER BY developer_id`,
);
const slugs = await pick("SELECT slug AS v FROM residential_complexes WHERE is_published = 1 ORDER BY id");
const rooms = () => any(["0", "1", "2", "3", "1,2", "2,3"]);
const cap = () => any([8, 10, 12, 15, 20, 25, 30, 40]) * 1_000_000;
/**
 * Share of each kind of search in the mix (sums to 1): most name a place (a station, a district, a developer,
 * a complex) with rooms or a price cap, as buyers save them; a few search the whole catalogue by rooms, area
 * and finish; some have no selective key (a low price cap alone, a deadline, the whole catalogue).
 */
const MIX = [
  [0.38, () => `/po-metro/${popular(metros)}/?rooms=${rooms()}&max_price=${cap()}`],
  [0.23, () => `/po-rajonam/${popular(districts)}/?rooms=${rooms()}`],
  [0.1, () => `/novostroyki/?developers=${popular(developers)}&max_price=${cap()}`],
  [0.15, () => `/kvartiry/novostroyka/${popular(slugs)}/?rooms=${rooms()}`],
  [0.06, () => `/kvartiry/?rooms=${rooms()}&max_price=${any([6, 8, 10])}000000`],
  [0.06, () => `/novostroyki/?rooms=${rooms()}&min_area=${any([60, 80, 100])}&otdelka=${any([1, 2, 3])}`],
  // Each of these is told of a large share of any import (the whole catalogue: of all of it).
  [0.015, () => `/novostroyki/?max_price=${any([4, 5])}000000`],
  [0.004, () => `/novostroyki/?deadline=${any([2026, 2027, 2028])}`],
  [0.001, () => "/novostroyki/"],
];
function searchUrl() {
  let r = rnd();
  for (const [share, make] of MIX) {
    r -= share;
    if (r < 0) return make();
  }
  return "/novostroyki/";
}

const setupStarted = Date.now();
const [{ last: eventsBefore }] = await all("SELECT coalesce(max(id), 0) AS last FROM change_events");
const now = new Date().toISOString();
const subs = [];
for (let i = 0; i < SEARCHES; i++) {
  const url = searchUrl();
  const target = saved.savedSearchOf(url)?.target;
  if (!target) throw new Error(`not a list: ${url}`);
  subs.push([i, target, i % 10 < 6 ? "instant" : i % 10 < 9 ? "daily" : "weekly"]);
}
const targets = [...new Set(subs.map((s) => s[1]))].sort();
console.log(`▶ ${n(SEARCHES)} сохранённых поисков, различных: ${n(targets.length)}`);
for (let i = 0; i < subs.length; i += 5000) {
  const part = JSON.stringify(subs.slice(i, i + 5000));
  await raw.batch([
    raw
      .prepare(
        `INSERT INTO subscribers (id, email, consent_version, consent_at, confirmed_at, confirm_hash,
           confirm_expires_at, confirm_used_at, created_at)
         SELECT 1000000 + (value ->> '$[0]'), 'bench' || (value ->> '$[0]') || '@example.ru', '2026-11-01', ?2, ?2,
           'bench-' || (value ->> '$[0]'), ?2, ?2, ?2 FROM json_each(?1)`,
      )
      .bind(part, now),
    raw
      .prepare(
        `INSERT INTO subscriptions (subscriber_id, kind, target, name, frequency, feed_token, confirmed_at,
           from_event_id, last_event_id, created_at)
         SELECT 1000000 + (value ->> '$[0]'), 'search', value ->> '$[1]', value ->> '$[1]', value ->> '$[2]',
           'bench-feed-' || (value ->> '$[0]'), ?2, ?3, ?3, ?2 FROM json_each(?1)`,
      )
      .bind(part, now, eventsBefore),
  ]);
}
// The keys, as subscribing writes them (writeSearchKeys), 500 searches a call.
const keysStarted = Date.now();
const keysEnv = { DB: raw, KV: kv };
for (let i = 0; i < targets.length; i += 500)
  await chunks.writeSearchKeys(keysEnv, targets.slice(i, i + 500));
const [keyStats] = await all(
  `SELECT (SELECT count(*) FROM search_keys) AS keys, (SELECT count(*) FROM search_key_sets WHERE cols = 0) AS open`,
);
console.log(
  `▶ Ключи: ${n(keyStats.keys)} строк за ${seconds(Date.now() - keysStarted)}; поисков без ключа (кандидаты каждой пачки): ${n(keyStats.open)}`,
);

// ---- The import: price drops and new flats, written as the feed import writes them (the triggers record) ----
// A feed import changes the flats of its complexes: up to 25 on sale in each of every k-th complex.
const dropCount = Math.round(CHANGES * 0.9);
const PER_COMPLEX = 25;
const [{ n: withSale }] = await all(
  "SELECT count(DISTINCT complex_id) AS n FROM living_objects WHERE status = 1",
);
// Twice the complexes the import needs at 25 each: some have fewer flats on sale.
const step = Math.max(1, Math.floor(withSale / Math.ceil((2 * CHANGES) / PER_COMPLEX)));
const chosen = (
  await all(
    `WITH c AS (SELECT complex_id, row_number() OVER (ORDER BY complex_id) AS k
                FROM (SELECT DISTINCT complex_id FROM living_objects WHERE status = 1))
     SELECT id FROM (SELECT lo.id, row_number() OVER (PARTITION BY lo.complex_id ORDER BY lo.id) AS r
                     FROM c JOIN living_objects lo ON lo.complex_id = c.complex_id AND lo.status = 1
                     WHERE c.k % ?1 = 0)
     WHERE r <= ?2 ORDER BY id LIMIT ?3`,
    step,
    PER_COMPLEX,
    CHANGES,
  )
).map((r) => r.id);
const drops = chosen.slice(0, dropCount);
const templates = chosen.slice(dropCount);
for (let i = 0; i < drops.length; i += 1000)
  await raw
    .prepare(
      "UPDATE living_objects SET price = price - price / 50 WHERE id IN (SELECT value FROM json_each(?1))",
    )
    .bind(JSON.stringify(drops.slice(i, i + 1000)))
    .run();
const columns = (await all("PRAGMA table_info(living_objects)"))
  .map((c) => c.name)
  .filter((c) => !["id", "feed_id", "external_id"].includes(c));
await raw
  .prepare(
    `INSERT INTO living_objects (${columns.join(", ")})
     SELECT ${columns.map((c) => (c === "number" ? "number + 100000" : c === "position" ? "position + 100" : c)).join(", ")}
     FROM living_objects WHERE id IN (SELECT value FROM json_each(?1))`,
  )
  .bind(JSON.stringify(templates))
  .run();
const [events] = await all(
  `SELECT count(*) AS n, sum(kind = 'price') AS price, sum(kind = 'on_sale') AS on_sale,
     count(DISTINCT complex_id) AS complexes FROM change_events WHERE id > ?1`,
  eventsBefore,
);
console.log(
  `▶ Импорт: ${n(events.n)} изменений в ${n(events.complexes)} ЖК (${n(events.price)} снижений цены, ${n(events.on_sale)} новых квартир); подготовка ${seconds(Date.now() - setupStarted)}`,
);
// The cursor as the cron leaves it after the seed: the searches follow from the import on.
await raw.prepare("UPDATE alert_cursor SET last_event_id = ?1 WHERE id = 1").bind(eventsBefore).run();

// ---- The matching, as the scheduled job and the alerts queue's consumer run it ----
const m = { statements: 0, read: 0, written: 0, byKind: {} };
const queued = [];
const queue = {
  async send(body) {
    queued.push(body);
  },
  async sendBatch(messages) {
    queued.push(...messages.map((x) => x.body));
  },
};
const env = {
  DB: metered(raw, m),
  KV: kv,
  ALERTS_QUEUE: queue,
  SEND_EMAIL: { send: async () => ({ messageId: "bench" }) },
  SITE_ORIGIN: "https://novostroyki.example",
  CHAT_SECRET: "bench-secret",
};
const invocations = [];
/** One invocation: its statements, rows and CPU of this process (the worker's JS). */
async function invocation(name, work) {
  const before = { ...m };
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  invocations.push({
    name,
    statements: m.statements - before.statements,
    cpuMs: (used.user + used.system) / 1000,
  });
  return result;
}
const runtime = runtimePids();
const runtimeCpu = cpuOf(runtime);
const nodeCpu = process.cpuUsage();
const started = Date.now();
let heapPeak = 0;
const heap = setInterval(() => {
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
}, 200);

const run = await invocation("cron", () => match.matchEvents(env, { queue }));
let consumer = 0;
while (queued.some((b) => b.match)) {
  const bodies = queued.splice(0, queued.length);
  const work = bodies.filter((b) => b.match);
  for (let i = 0; i < work.length; i += 10) {
    const batch = {
      queue: "novostroyki-alerts",
      messages: work.slice(i, i + 10).map((body) => ({
        id: `m${++consumer}`,
        timestamp: new Date(),
        attempts: 1,
        body,
        ack() {},
        retry() {
          throw new Error("a chunk failed");
        },
      })),
    };
    await invocation("consumer", () => send.sendLetters(batch, env));
  }
}
const matchedMs = Date.now() - started;
const matchedM = { ...m, byKind: { ...m.byKind } };
const matchedCpu = process.cpuUsage(nodeCpu);
const matchedRuntimeCpu = cpuOf(runtime) - runtimeCpu;
// The letters, run after run as the queue's chain of composing runs makes them (each run asks for the next),
// for at most LETTERS_MS (then what is left is counted, not guessed).
const LETTERS_MS = arg("letters-seconds", 600) * 1000;
const lettersStarted = Date.now();
let letters = 0;
while (Date.now() - lettersStarted < LETTERS_MS) {
  const made = await invocation("letters", () => match.composeLetters(env));
  if (!made.length) break;
  letters += made.length;
}
const lettersMs = Date.now() - lettersStarted;
const [unsent] = await all(
  `SELECT count(*) AS changes, count(DISTINCT d.subscription_id) AS subs FROM deliveries d
     JOIN subscriptions s ON s.id = d.subscription_id WHERE d.letter_id IS NULL AND s.frequency = 'instant'`,
);
clearInterval(heap);
const totalMs = Date.now() - started;
const totalCpu = process.cpuUsage(nodeCpu);
const [matches] = await all(
  `SELECT count(*) AS n, count(DISTINCT subscription_id) AS subs FROM deliveries WHERE event_id > ?1`,
  eventsBefore,
);
const cpuMs = (u) => (u.user + u.system) / 1000;
const max = (name, key) => Math.max(0, ...invocations.filter((i) => i.name === name).map((i) => i[key]));
const count = (name) => invocations.filter((i) => i.name === name).length;

console.log("");
console.log(
  `Сопоставление: ${n(SEARCHES)} поисков (${n(targets.length)} различных) × ${n(events.n)} изменений, масштаб ${SCALE}`,
);
console.log(`  время (стена): сопоставление ${seconds(matchedMs)}, с письмами ${seconds(totalMs)}`);
console.log(
  `  CPU воркера (JS этого процесса): сопоставление ${seconds(cpuMs(matchedCpu))}, с письмами ${seconds(cpuMs(totalCpu))}; CPU движка D1 (workerd): ${seconds(matchedRuntimeCpu)} на сопоставление`,
);
console.log(
  `  вызовы: cron 1 (${n(max("cron", "statements"))} запросов, CPU ${seconds(max("cron", "cpuMs"))}), потребитель очереди ${n(count("consumer"))} (до ${n(max("consumer", "statements"))} запросов и ${seconds(max("consumer", "cpuMs"))} CPU за вызов), письма ${n(count("letters"))} (до ${n(max("letters", "statements"))} запросов)`,
);
const batches = Math.ceil(events.n / match.MATCH_BATCH);
console.log(
  `  поисков-кандидатов по пачкам: ${n(run.candidates)} из ${n(targets.length * batches)} (различных поисков × пачек)`,
);
console.log(`  чанков: ${n(run.chunks)} (в очередь ${n(run.queued)}); пачек событий: ${batches}`);
console.log(
  `  D1 на сопоставление: запросов ${n(matchedM.statements)}, строк прочитано ${n(matchedM.read)}, записано ${n(matchedM.written)}`,
);
console.log(
  `    из них прочитано: запрос кандидатов ${n(matchedM.byKind.candidates ?? 0)}, SQL поисков ${n(matchedM.byKind.searches ?? 0)}, прочее ${n(matchedM.byKind.other ?? 0)}`,
);
console.log(
  `  D1 всего (с письмами): запросов ${n(m.statements)}, строк прочитано ${n(m.read)}, записано ${n(m.written)}`,
);
console.log(`  совпадений записано: ${n(matches.n)} (подписок с совпадениями: ${n(matches.subs)})`);
console.log(
  `  писем: ${n(letters)} за ${seconds(lettersMs)}${unsent.changes ? `; не дошло до письма за отведённое время: ${n(unsent.changes)} изменений ${n(unsent.subs)} мгновенных подписок` : ""} (дайджесты дня и недели — в свой срок)`,
);
const mem = process.memoryUsage();
const rt = memoryOf(runtime);
console.log(
  `  память: RSS ${mb(mem.rss)} МБ, куча ${mb(mem.heapUsed)} МБ (пик ${mb(heapPeak)} МБ); workerd RSS ${rt?.rssMb ?? "?"} МБ (пик ${rt?.peakMb ?? "?"} МБ)`,
);

// ---- The reference: each sampled search's listing restricted to the changed apartments ----
const changed = (
  await all(
    `SELECT DISTINCT living_object_id AS id FROM change_events e WHERE e.id > ?1
       AND (e.kind = 'on_sale' OR (e.kind = 'price' AND e.new_value < e.old_value))`,
    eventsBefore,
  )
).map((r) => r.id);
const changedJson = JSON.stringify(changed);
const sampleRnd = random(1128);
const sample = [...targets].sort(() => sampleRnd() - 0.5).slice(0, SAMPLE);
const deps = { db: raw, kv, reads: new Map() };
/** The changed apartments the apartments' list of `filter` shows (its own WHERE), within `complexIds` if given. */
async function listed(filter, complexIds) {
  const w = apartments.apartmentWhere(filter);
  const k = w.params.length;
  return (
    await all(
      `SELECT lo.id FROM living_objects lo JOIN residential_complexes rc ON rc.id = lo.complex_id
       WHERE ${w.sql} AND rc.is_published = 1 AND lo.id IN (SELECT value FROM json_each(?${k + 1}))
         ${complexIds ? `AND lo.complex_id IN (SELECT value FROM json_each(?${k + 2}))` : ""} ORDER BY lo.id`,
      ...w.params,
      changedJson,
      ...(complexIds ? [JSON.stringify(complexIds)] : []),
    )
  ).map((r) => r.id);
}
async function reference(target) {
  const s = saved.savedSearchOf(target).saved;
  if (s.model === "apartments") return listed(s.filter);
  const filter = await loaders.resolvePlace(deps, s.filter);
  if (!filter) return [];
  if (filter.payment) throw new Error("the mix has no payment");
  // The catalogue's list of the filter (every page at once): its complexes; the apartment fields by the
  // apartments' list within them.
  const list = await complexes.listComplexes(raw, {
    filter,
    page: 1,
    perPage: 1_000_000,
    sort: "price desc",
  });
  const fields = Object.fromEntries(
    ["rooms", "price", "area", "otdelka"].filter((f) => filter[f] !== undefined).map((f) => [f, filter[f]]),
  );
  return listed(
    fields,
    list.rows.map((r) => r.id),
  );
}
const checkStarted = Date.now();
let equal = 0;
let nonEmpty = 0;
const wrong = [];
for (const target of sample) {
  const got = (
    await all(
      `SELECT DISTINCT e.living_object_id AS id FROM deliveries d JOIN change_events e ON e.id = d.event_id
       WHERE d.subscription_id = (SELECT min(id) FROM subscriptions WHERE target = ?1) AND e.id > ?2 ORDER BY id`,
      target,
      eventsBefore,
    )
  ).map((r) => r.id);
  const want = await reference(target);
  if (want.length) nonEmpty++;
  if (JSON.stringify(got) === JSON.stringify(want)) equal++;
  else wrong.push({ target, got: got.length, want: want.length });
}
console.log(
  `  равно эталону: ${equal} из ${sample.length} (непустых эталонов: ${nonEmpty}; проверка ${seconds(Date.now() - checkStarted)})`,
);
for (const w of wrong.slice(0, 10)) console.log(`    не равно: ${w.target}: ${w.got} вместо ${w.want}`);
await mf.dispose();
if (!existsSync(dir)) throw new Error("the copy is gone");
rmSync(dir, { recursive: true, force: true });
process.exit(equal === sample.length ? 0 : 1);

// Memory check of the feed import: `node scripts/feed-memory.mjs [--mb 100]` generates a YRL feed of that size
// on the fly (never whole in memory), or `--offers 70000 --mixed` that many offers in the dialects of real feeds
// (tests/fixtures/feeds/generate.mjs mixedOfferXml, with its issues grouped as the report shows them), and imports it through the worker's streaming parser and importer into a
// temporary in-memory D1 (Miniflare, migrated and seeded at scale 0.02), printing the Node process's peak heap
// and RSS. D1 itself runs in workerd, a separate process, so the numbers are the importer's own. Without a heap
// limit V8 collects lazily and the peak says little; `node --max-old-space-size=64 scripts/feed-memory.mjs`
// shows what the import really needs (it fails with «heap out of memory» if it needs more).
import { getHeapStatistics } from "node:v8";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { FEED_HEAD, FEED_TAIL, mixedOfferXml, offerXml } from "../tests/fixtures/feeds/generate.mjs";
import { importTypeScript, openLocalD1, seedStatements } from "./db.mjs";
import { ROOT } from "./lib.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
};
const mixed = process.argv.includes("--mixed");
const maxOffers = arg("--offers") ?? Number.POSITIVE_INFINITY;
const targetMb = arg("--mb") ?? (maxOffers < Number.POSITIVE_INFINITY ? 1000 : 100);
if (!(targetMb > 0 && targetMb <= 1000) || !(maxOffers > 0)) {
  console.error(
    "✖ Размер фида — число мегабайт от 1 до 1000 или число предложений, например: node scripts/feed-memory.mjs --mb 100, node scripts/feed-memory.mjs --offers 70000 --mixed",
  );
  process.exit(1);
}
const MB = 1024 * 1024;

/** Offer n of the generated feed: 24 complexes of 3 developers in Moscow, 4 houses each. */
function offer(n) {
  const complex = n % 24;
  const house = Math.floor(n / 24) % 4;
  const rooms = n % 5;
  const area = 24 + rooms * 19 + (n % 13);
  const floor = 2 + (n % 23);
  return offerXml({
    id: `mem-${n}`,
    org: ["ГК «Память»", "«Стрим Девелопмент»", "Куча Строй"][complex % 3],
    locality: "Москва",
    address: `Проектируемый проезд № ${complex + 1}, вл. ${house + 1}`,
    lat: 55.6 + complex * 0.01,
    lng: 37.45 + complex * 0.012,
    metro: [{ name: "Семеновская", foot: 5 + (complex % 10) }],
    building: `Потоковый квартал ${complex + 1}`,
    yBuilding: String(900_000 + complex),
    yHouse: String(9_000_000 + complex * 10 + house),
    section: String(house + 1),
    state: "unfinished",
    year: 2028,
    quarter: 1 + (house % 4),
    renovation: ["чистовая отделка", "без отделки", "предчистовая отделка"][n % 3],
    price: Math.round(area * (260_000 + complex * 9_000 + floor * 800)),
    area,
    living: rooms ? Math.round(area * 0.55 * 10) / 10 : undefined,
    kitchen: rooms ? 10 + (n % 6) : undefined,
    rooms: rooms || undefined,
    studio: rooms ? undefined : "да",
    floor,
    floorsTotal: 25,
    plan: `https://img.novostroyki.example/feeds/mem/${n}.png`,
  });
}

const peak = { heap: 0, rss: 0 };
function sample() {
  const m = process.memoryUsage();
  peak.heap = Math.max(peak.heap, m.heapUsed);
  peak.rss = Math.max(peak.rss, m.rss);
}

/** The feed as a stream that writes ~64 KB of offers whenever the reader asks for more. */
function generatedFeed(bytes) {
  const encoder = new TextEncoder();
  let written = 0;
  let n = 0;
  let done = false;
  const counts = { offers: 0, bytes: 0 };
  const stream = new ReadableStream({
    pull(controller) {
      sample();
      if (done) {
        controller.close();
        return;
      }
      let text = written === 0 ? FEED_HEAD : "";
      while (text.length < 40_000 && n < maxOffers) text += (mixed ? mixedOfferXml : offer)(n++);
      if (written + Buffer.byteLength(text) >= bytes || n >= maxOffers) {
        text += FEED_TAIL;
        done = true;
      }
      const chunk = encoder.encode(text);
      written += chunk.length;
      Object.assign(counts, { offers: n, bytes: written });
      controller.enqueue(chunk);
    },
  });
  return { stream, counts };
}

const { db, dispose } = await openLocalD1();
try {
  // Split as wrangler splits them (a trigger's body holds semicolons of its own), as the tests apply them.
  for (const { queries } of await readD1Migrations(`${ROOT}worker/db/migrations`)) {
    await db.batch(queries.map((q) => db.prepare(q)));
  }
  const { statements } = await seedStatements(0.02);
  for (let s = 0; s < statements.length; s += 10)
    await db.batch(statements.slice(s, s + 10).map((q) => db.prepare(q)));
  const { importFeedAt } = await importTypeScript("worker/feeds/import.ts");

  global.gc?.();
  sample();
  const before = process.memoryUsage();
  peak.heap = before.heapUsed;
  peak.rss = before.rss;
  const timer = setInterval(sample, 25);
  const started = Date.now();
  const { stream, counts } = generatedFeed(targetMb * MB);
  const summary = await importFeedAt(db, "memory://feed-memory.xml", stream);
  clearInterval(timer);
  sample();

  const f = (n) => (n / MB).toFixed(1);
  console.log(
    `Фид: ${f(counts.bytes)} МБ, ${counts.offers} предложений. Импорт: ${summary.status}, добавлено ${summary.added}, ` +
      `отклонено ${summary.rejected} за ${((Date.now() - started) / 1000).toFixed(1)} с`,
  );
  console.log(
    `Память Node: heap used до импорта ${f(before.heapUsed)} МБ, пик ${f(peak.heap)} МБ ` +
      `(импорт: +${f(peak.heap - before.heapUsed)} МБ); RSS до ${f(before.rss)} МБ, пик ${f(peak.rss)} МБ; ` +
      `предел кучи V8 ${f(getHeapStatistics().heap_size_limit)} МБ (--max-old-space-size)`,
  );
  for (const g of summary.groups) {
    console.log(
      `  ${g.skipped ? "✖" : "!"} ${g.kind}: ${g.count} (например ${g.example.id}: ${g.example.reason})`,
    );
  }
  if (summary.status !== "ok") process.exitCode = 1;
} finally {
  await dispose();
}

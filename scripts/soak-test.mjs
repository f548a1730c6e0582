// npm run test:soak: a mixed run of SOAK_SECONDS (600) at SOAK_CONNECTIONS (50) against the production build
// from a cold start (a fresh seed at scale 0.1, empty caches and Durable Objects): pages of every type as
// people and bots, the count call with random filters, quiz submissions and buyers' requests with idempotency
// keys (some retried), chat visitors on WebSockets that send, reconnect and resend. SOAK_FAULT_RATE (0.02) of
// the D1 and KV calls fail (tests/faults/worker.ts); a 5xx caused by one is marked and counted apart. At the end every
// acknowledged write is looked up in D1 and the Durable Objects: stored exactly once, and nothing acknowledged
// is missing. Prints workerd's resident memory (VmRSS) at the end of every minute, beside the JS heaps of the site
// worker and of all of workerd's workers (what of it is JavaScript, and whose). Exits 1 on any connection
// error, unexpected status, 5xx not caused by a fault, lost, duplicated or unknown write, or memory that grew
// more than 1.5 times from the first minute to the last. Not part of npm test.
import { randomUUID } from "node:crypto";
import { buildClient } from "./build-client.mjs";
import { importTypeScript, reseed } from "./db.mjs";
import { send } from "./http-client.mjs";
import { heapsOf, siteWorker } from "./inspector.mjs";
import { sleep, startServer } from "./local-server.mjs";

/**
 * workerd's allocator with two arenas rather than glibc's default of eight per core: with the default, its
 * resident memory rose and fell by 100–250 MB over ten minutes while every worker's JS heap stayed flat (freed
 * memory kept in per-thread arenas; docs/perf/2026-11-28-big-lists-cpu-memory.md), so the check of flat memory
 * measured the allocator, not what the site keeps. Miniflare starts workerd with this process's environment.
 */
process.env.MALLOC_ARENA_MAX ??= "2";

const { countPath } = await importTypeScript("tests/load/count-calls.ts");
const { LEAD_KIND_IDS, CALL_TIME_IDS } = await importTypeScript("shared/leads.ts");
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const FAULT_RATE = Number(process.env.SOAK_FAULT_RATE ?? 0.02);
/** workerd's V8 inspector: the site worker's JS heap is sampled beside the process's resident memory. */
const INSPECTOR_PORT = Number(process.env.SOAK_INSPECTOR_PORT ?? 8951);
const HUMAN_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A request that takes longer than this is an error. */
const TIMEOUT_MS = 30_000;
/** Writes are retried (same idempotency key or message id) after an injected fault, this many times. */
const MAX_TRIES = 20;

const stats = {
  requests: 0,
  latencies: [],
  /** Connection errors, timeouts, unexpected statuses and answers, by kind. */
  errors: new Map(),
  /** 5xx answers of requests that met an injected fault, and the others. */
  injected5xx: 0,
  real5xx: new Map(),
  frames: 0,
  /** Requests sent again after their kept-alive connection was closed before an answer. */
  resent: 0,
};

/** Counts an error of a kind; the first example of each kind is kept to be printed. */
function fail(kind, example = "") {
  stats.errors.set(kind, (stats.errors.get(kind) ?? 0) + 1);
  const at = Math.round((Date.now() - (deadline - SECONDS * 1000)) / 1000);
  const seen = examples.get(kind);
  examples.set(kind, seen ? { ...seen, last: at } : { example, first: at, last: at });
}
/** Per kind of error: the first example, and the seconds of the run when it first and last happened. */
const examples = new Map();

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const chance = (p) => Math.random() < p;
/** A client IP of its own per writer, so the per-IP limits of POSTs are not what the run measures. */
const ip = (() => {
  let n = 0;
  return () => {
    n += 1;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
})();

let origin;
let deadline;

/**
 * One HTTP request (scripts/http-client.mjs: sent again once if its kept-alive connection was closed before
 * any answer, counted apart): its latency and status are counted; a 5xx is split into injected
 * (X-Injected-Faults) and real. Returns the response with its body read as text, or null on a connection
 * error or timeout.
 */
async function request(path, { method = "GET", headers = {}, body, expect = [200] } = {}) {
  const started = performance.now();
  let res;
  let text;
  try {
    ({ res, text } = await send(`${origin}${path}`, { method, headers, body, timeoutMs: TIMEOUT_MS }).then(
      (r) => {
        stats.resent += r.resent;
        return r;
      },
    ));
  } catch (err) {
    fail(`${method} ${err.code}${err.midAnswer ? " посреди ответа" : ""}`, path);
    return null;
  }
  stats.requests += 1;
  stats.latencies.push(performance.now() - started);
  if (res.status >= 500) {
    if (res.headers.get("X-Injected-Faults")) {
      stats.injected5xx += 1;
      const html = res.headers.get("Content-Type")?.startsWith("text/html");
      // The Russian error page, or the API's Russian JSON error: never a bare crash.
      if (html ? !text.includes('<html lang="ru">') : !/"error":"[А-ЯЁ]/.test(text))
        fail("5xx without a Russian error");
    } else {
      const key = `${res.status} ${method} ${path.split("?")[0]}`;
      stats.real5xx.set(key, (stats.real5xx.get(key) ?? 0) + 1);
    }
  } else if (!expect.includes(res.status)) {
    fail(
      `${res.status} ${method} ${path.split("?")[0]} (ждали ${expect.join("/")})`,
      `${path} → ${text.slice(0, 200)}`,
    );
  }
  return { status: res.status, headers: res.headers, text };
}

/** A JSON answer, asked again while an injected fault spoils it. */
async function getJson(path) {
  for (let i = 0; i < MAX_TRIES; i++) {
    const res = await request(path);
    if (res?.status === 200) return JSON.parse(res.text);
    if (!injected(res)) break;
  }
  throw new Error(`${path}: no answer`);
}

const injected = (res) => res !== null && res.status >= 500 && res.headers.get("X-Injected-Faults") !== null;

// ─── Pages and the count call ───────────────────────────────────────────────────────────────────────────────

/** Pages of every type (shared/routes.ts), with the statuses they answer, found through the API. */
async function pages() {
  const complexes = await getJson("/api/v1/residential-complexes/grid?per_page=3");
  const metro = await getJson("/api/v1/locations/subways/grid?kind=metro");
  const posts = await getJson("/api/v1/media/posts/grid?per_page=2");
  const developers = await getJson("/api/v1/companies/grid?search[type]=developer&per_page=2");
  const station = metro.data.find((s) => s.rc_count > 0);
  const post = posts.data[0];
  const ok = (path) => ({ path, expect: [200] });
  return [
    ok("/"),
    ok("/novostroyki/"),
    ok("/novostroyki/?rooms=2"),
    ok("/novostroyki/?page=2"),
    ok("/novostroyki/na-karte/"),
    ...complexes.data.map((c) => ok(c.url)),
    ok(`/kvartiry/novostroyka/${complexes.data[0].url.split("/")[2]}/`),
    ok("/kvartiry/"),
    ok("/po-metro/"),
    ok(`/po-metro/${station.slug}/`),
    ok("/po-rajonam/"),
    ok("/journal/"),
    ok(`/journal/${post.category.slug}/`),
    ok(`/journal/${post.category.slug}/${post.slug}/`),
    ok("/companies/"),
    ok("/companies/developers/"),
    ok(`/companies/developers/${developers.data[0].slug}/`),
    ok("/special/"),
    ok("/special/?utm_source=soak&fp=1"),
    ok("/mortgage/"),
    ok("/contacts/"),
    ok("/policy/"),
    ok("/izbrannoe/"),
    ok("/test-modal/"),
    ok("/sitemap.xml"),
    ok("/robots.txt"),
    ok("/favicon.svg"),
    { path: "/no-such-page/", expect: [404] },
    { path: "/novostroyki", expect: [301] },
    ok("/api/v1/main"),
    ok("/api/v1/quizzes"),
    ok("/api/v1/media/posts/grid?per_page=5"),
    ok("/api/v1/companies/grid?search[type]=developer"),
  ];
}

async function browse(list, until) {
  while (Date.now() < until) {
    const page = pick(list);
    const headers = { "User-Agent": chance(0.2) ? BOT_UA : HUMAN_UA };
    // A hard reload asks past the edge cache, so pages are rendered under load too.
    if (chance(0.1)) headers["Cache-Control"] = "no-cache";
    await request(page.path, { headers, expect: page.expect });
  }
}

async function count(until) {
  while (Date.now() < until) await request(countPath(), { headers: { "User-Agent": HUMAN_UA } });
}

// ─── Writes: each kind runs its writers, then checks what it acknowledged against what is stored ──────────

/**
 * POSTs with an idempotency key each, stored in a D1 table: every answered key must be stored once, with the
 * id the answer gave; one in five is sent again after its acknowledgement (answer 200, same id); a write that
 * met an injected fault is sent again with its key until it is acknowledged. `prepare()` reads what the
 * bodies need; `body(key)` is one write.
 */
function keyedWrites({ name, path, table, prepare, body }) {
  /** key → the id the first acknowledgement gave. */
  const acked = new Map();
  const sent = new Set();
  let resent = 0;
  let faulted = 0;

  async function submit(visitorIp, payload) {
    for (let i = 0; i < MAX_TRIES; i++) {
      const res = await request(path, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: origin,
          "CF-Connecting-IP": visitorIp,
          "User-Agent": HUMAN_UA,
        },
        body: payload,
        expect: [200, 201],
      });
      if (res?.status === 200 || res?.status === 201)
        return { created: res.status === 201, ...JSON.parse(res.text) };
      if (!injected(res)) return null;
      faulted += 1;
      await sleep(100);
    }
    fail(`${table}: no acknowledgement after retries`);
    return null;
  }

  return {
    name,
    prepare,
    async run(until) {
      while (Date.now() < until) {
        const key = randomUUID();
        const visitorIp = ip();
        const payload = JSON.stringify(body(key));
        sent.add(key);
        const first = await submit(visitorIp, payload);
        if (first) acked.set(key, first.id);
        if (first && chance(0.2)) {
          resent += 1;
          const again = await submit(visitorIp, payload);
          if (again && (again.id !== first.id || again.created)) fail(`${table}: a retry was stored again`);
        }
        await sleep(500);
      }
    },
    async verify(server) {
      const db = await server.mf.getD1Database("DB");
      const { results } = await db.prepare(`SELECT id, idempotency_key AS key FROM ${table}`).all();
      const stored = new Map();
      for (const row of results) stored.set(row.key, [...(stored.get(row.key) ?? []), row.id]);
      let lost = 0;
      let duplicated = 0;
      let unknown = 0;
      for (const [key, id] of acked) {
        const ids = stored.get(key) ?? [];
        if (ids.length === 0 || !ids.includes(id)) lost += 1;
        if (ids.length > 1) duplicated += 1;
      }
      for (const key of stored.keys()) if (!sent.has(key)) unknown += 1;
      return {
        acknowledged: acked.size,
        stored: [...stored.keys()].filter((k) => acked.has(k)).length,
        "повторов ключа": resent,
        "повторов после сбоя": faulted,
        "сохранены без ответа": [...stored.keys()].filter((k) => sent.has(k) && !acked.has(k)).length,
        lost,
        duplicated,
        unknown,
      };
    },
  };
}

/** Quiz submissions, with random answers from the quiz's own steps. */
function quizWrites() {
  let quiz;
  const answers = () =>
    Object.fromEntries(
      quiz.steps
        .filter((step) => step.type !== "contact")
        .map((step) => {
          const values = step.options.map((o) => o.value);
          return [step.id, step.type === "multi" ? [...new Set([pick(values), pick(values)])] : pick(values)];
        }),
    );
  return keyedWrites({
    name: "Заявки опроса (D1 quiz_submissions)",
    path: "/api/v1/quizzes/submit",
    table: "quiz_submissions",
    async prepare() {
      quiz = (await getJson("/api/v1/quizzes")).data[0];
    },
    body: (key) => ({
      quiz_id: quiz.id,
      idempotency_key: key,
      answers: answers(),
      name: "Анна",
      phone: "+7 999 123-45-67",
      consent: true,
    }),
  });
}

/** The buyer's requests to the seller (POST /api/v1/leads) about complexes of the catalogue. */
function leadWrites() {
  let complexes;
  return keyedWrites({
    name: "Заявки покупателей (D1 leads)",
    path: "/api/v1/leads",
    table: "leads",
    async prepare() {
      complexes = (await getJson("/api/v1/residential-complexes/grid?per_page=20")).data.map((c) => c.id);
    },
    body: (key) => ({
      idempotency_key: key,
      kind: pick(LEAD_KIND_IDS),
      complex_id: pick(complexes),
      name: "Борис",
      phone: "8 (916) 555-12-34",
      call_time: pick(CALL_TIME_IDS),
      consent: true,
    }),
  });
}

/** A WebSocket that keeps every frame it gets and can wait for one that matches. */
function socket(url, headers) {
  const ws = new WebSocket(url, { headers });
  const frames = [];
  const waiters = new Set();
  const opened = new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error("WebSocket error")), { once: true });
  });
  const closed = new Promise((resolve) => ws.addEventListener("close", resolve, { once: true }));
  ws.addEventListener("message", (event) => {
    stats.frames += 1;
    const frame = JSON.parse(event.data);
    frames.push(frame);
    for (const w of waiters) if (w.match(frame)) w.resolve(frame);
  });
  closed.then(() => {
    for (const w of waiters) w.resolve(null);
  });
  /** The first frame (already received or coming) that matches, or null when the socket closes or times out. */
  const next = (match, ms = TIMEOUT_MS) => {
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen);
    const w = { match };
    return new Promise((resolve) => {
      w.resolve = resolve;
      waiters.add(w);
      setTimeout(() => resolve(null), ms);
    }).finally(() => waiters.delete(w));
  };
  return { ws, opened, closed, frames, next, close: () => ws.close() };
}

/**
 * Chat visitors: each makes its identity (POST /api/v1/chat/session), connects, sends a message every few
 * seconds (the limit is 10 a minute), reconnects after a few with `since`, sends again what was not
 * acknowledged and now and then one that was (same id: stored once, same seq).
 */
function chatWrites() {
  /** Every visitor: cookie and the acknowledged messages, id → seq. */
  const visitors = [];
  let reconnects = 0;
  let resent = 0;

  async function session() {
    const visitorIp = ip();
    for (let i = 0; i < MAX_TRIES; i++) {
      const res = await request("/api/v1/chat/session", {
        method: "POST",
        headers: { Origin: origin, "CF-Connecting-IP": visitorIp, "User-Agent": HUMAN_UA },
        expect: [201],
      });
      const cookie = res?.headers.get("Set-Cookie")?.split(";")[0];
      if (res?.status === 201 && cookie) return cookie;
      if (!injected(res)) return null;
      await sleep(100);
    }
    fail("chat: no session after retries");
    return null;
  }

  const connect = (visitor, since) =>
    socket(`${origin.replace("http", "ws")}/chat/ws/?since=${since}`, {
      Cookie: visitor.cookie,
      Origin: origin,
      "User-Agent": HUMAN_UA,
    });

  /** Sends a message and waits for its acknowledgement: its `message` frame, or a refusal (sent again later). */
  async function send(conn, visitor, id) {
    visitor.sent.add(id);
    const frame = {
      type: "send",
      id,
      text: `Сообщение ${id.slice(0, 8)}`,
      page: { path: "/", complex: null },
    };
    conn.ws.send(JSON.stringify(frame));
    const answer = await conn.next(
      (f) => (f.type === "message" && f.message.id === id) || (f.type === "error" && f.id === id),
    );
    if (answer?.type === "message") {
      const before = visitor.acked.get(id);
      if (before !== undefined && before !== answer.message.seq)
        fail("chat: a resent message was stored again");
      visitor.acked.set(id, answer.message.seq);
      return true;
    }
    if (answer?.type === "error" && answer.code !== "rate_limited") fail(`chat: ${answer.code}`);
    return false;
  }

  async function visit(until) {
    const cookie = await session();
    if (!cookie) return;
    const visitor = { cookie, sent: new Set(), acked: new Map(), lastSeq: 0 };
    visitors.push(visitor);
    const pending = [];
    for (let round = 0; round < 4 && Date.now() < until; round++) {
      let conn = connect(visitor, visitor.lastSeq);
      try {
        await conn.opened;
      } catch {
        // The chat's client connects again after a failed handshake; so does this one, once.
        stats.resent += 1;
        conn = connect(visitor, visitor.lastSeq);
        try {
          await conn.opened;
        } catch {
          fail("chat: WebSocket did not open (и при повторе)");
          return;
        }
      }
      const history = await conn.next((f) => f.type === "history");
      if (!history) fail("chat: no history frame");
      if (round > 0) reconnects += 1;
      // What was sent but not acknowledged goes again with its id; sometimes one that was, too.
      const again = [...pending.splice(0)];
      if (visitor.acked.size && chance(0.3)) {
        again.push(pick([...visitor.acked.keys()]));
        resent += 1;
      }
      for (const id of again) if (!(await send(conn, visitor, id))) pending.push(id);
      for (let n = 0; n < 3 && Date.now() < until; n++) {
        await sleep(6_500 + Math.random() * 1_000);
        const id = randomUUID();
        if (!(await send(conn, visitor, id))) pending.push(id);
      }
      for (const seq of visitor.acked.values()) visitor.lastSeq = Math.max(visitor.lastSeq, seq);
      conn.close();
      await conn.closed;
    }
  }

  return {
    name: "Сообщения чата (Durable Objects)",
    async run(until) {
      while (Date.now() < until) await visit(until);
    },
    async prepare() {},
    async verify() {
      let lost = 0;
      let duplicated = 0;
      let stored = 0;
      let unanswered = 0;
      let unknown = 0;
      let acknowledged = 0;
      for (const visitor of visitors) {
        acknowledged += visitor.acked.size;
        const conn = connect(visitor, 0);
        await conn.opened.catch(() => fail("chat: WebSocket did not open for the check"));
        const history = await conn.next((f) => f.type === "history");
        conn.close();
        if (!history) {
          fail("chat: no history for the check");
          continue;
        }
        const count = new Map();
        for (const m of history.messages) count.set(m.id, (count.get(m.id) ?? 0) + 1);
        for (const [id, seq] of visitor.acked) {
          const n = count.get(id) ?? 0;
          if (n === 0 || !history.messages.some((m) => m.id === id && m.seq === seq)) lost += 1;
          if (n > 1) duplicated += 1;
          if (n > 0) stored += 1;
        }
        for (const id of count.keys()) {
          if (!visitor.sent.has(id)) unknown += 1;
          else if (!visitor.acked.has(id)) unanswered += 1;
        }
      }
      return {
        acknowledged,
        stored,
        диалогов: visitors.length,
        переподключений: reconnects,
        "повторов сообщения": resent,
        "сохранены без ответа": unanswered,
        lost,
        duplicated,
        unknown,
      };
    },
  };
}

const WRITES = [quizWrites(), leadWrites(), chatWrites()];

// ─── The run ────────────────────────────────────────────────────────────────────────────────────────────────

const persistTo = ".wrangler/soak";
await buildClient({ quiet: true });
await reseed({ persistTo, scale: 0.1 });
const server = await startServer({
  persistTo,
  log: "bench-results/soak.log",
  entry: "tests/faults/worker.ts",
  bindings: { FAULT_RATE: String(FAULT_RATE) },
  inspectorPort: INSPECTOR_PORT,
});
const site = await siteWorker(INSPECTOR_PORT);
/**
 * The JS heaps after a full collection, MB: the site worker's in use (what our modules, requests and Durable
 * Objects keep) / committed, and the committed heaps of all the runtime's workers together (Miniflare's D1, KV,
 * cache, queues and assets too): what of workerd's resident memory is JavaScript at all.
 */
const heapMb = async () => {
  const heaps = await heapsOf(INSPECTOR_PORT);
  const own = heaps.find((h) => h.id === site.id);
  const answered = heaps.filter((h) => !Number.isNaN(h.totalMb));
  const all = answered.reduce((mb, h) => mb + h.totalMb, 0);
  return (
    `JS сайта (занято / выделено) ${Math.round(own?.usedMb)} / ${Math.round(own?.totalMb)} МБ, ` +
    `JS воркеров (выделено) ${Math.round(all)} МБ у ${answered.length} из ${heaps.length}`
  );
};
origin = server.origin;
let peakMb = 0;
/** workerd's resident memory (VmRSS) at the end of each minute of the run: [minute, MB]. */
const curve = [];
const memoryTimer = setInterval(async () => {
  const memory = server.memory();
  const rss = memory?.rssMb ?? 0;
  peakMb = Math.max(peakMb, rss);
  if (!deadline) return;
  const minute = Math.floor((Date.now() - (deadline - SECONDS * 1000)) / 60_000);
  if (minute > curve.length && minute <= Math.ceil(SECONDS / 60)) {
    curve.push([minute, rss]);
    console.log(
      `  ${minute} мин: workerd ${rss} МБ (анонимной ${memory?.anonMb}, файлов ${memory?.fileMb}), ${await heapMb()}`,
    );
  }
}, 5_000);
let report;
try {
  const list = await pages();
  for (const w of WRITES) await w.prepare();
  // Connections: a tenth to the count call, a tenth to each kind of write, the rest browse.
  const share = Math.max(1, Math.round(CONNECTIONS / 10));
  const browsers = Math.max(1, CONNECTIONS - share * (1 + WRITES.length));
  console.log(
    `▶ ${SECONDS} с, ${CONNECTIONS} соединений (${browsers} страницы, ${share} подсчёт, по ${share} на каждый вид записи), ` +
      `сбои D1 и KV: ${FAULT_RATE * 100} %, ${origin}`,
  );
  const started = Date.now();
  deadline = started + SECONDS * 1000;
  await Promise.all([
    ...Array.from({ length: browsers }, () => browse(list, deadline)),
    ...Array.from({ length: share }, () => count(deadline)),
    ...WRITES.flatMap((w) => Array.from({ length: share }, () => w.run(deadline))),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  const writes = {};
  for (const w of WRITES) writes[w.name] = await w.verify(server);
  report = { elapsed, writes, memory: server.memory() };
} finally {
  clearInterval(memoryTimer);
  await server.stop();
}

const sorted = stats.latencies.sort((a, b) => a - b);
const pct = (p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);
const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0);
const real5xx = [...stats.real5xx.values()].reduce((a, b) => a + b, 0);
console.table({
  запросов: stats.requests,
  "запросов в секунду": Math.round(stats.requests / report.elapsed),
  "кадров WebSocket": stats.frames,
  "повторено после закрытого соединения": stats.resent,
  "p50, мс": pct(50),
  "p99, мс": pct(99),
  ошибки: errors,
  "5xx от внесённых сбоев": stats.injected5xx,
  "5xx без сбоя": real5xx,
  "память workerd, МБ (сейчас / пик)": report.memory
    ? `${report.memory.rssMb} / ${Math.max(peakMb, report.memory.peakMb)}`
    : "нет данных",
});
console.table(report.writes);
// Flat memory: the last minute's RSS within MEMORY_GROWTH times the first minute's.
const MEMORY_GROWTH = 1.5;
const [firstMinute, lastMinute] = [curve[0], curve.at(-1)];
if (firstMinute && lastMinute && lastMinute !== firstMinute) {
  console.log(
    `Память workerd по минутам, МБ: ${curve.map(([m, mb]) => `${m}: ${mb}`).join(", ")} ` +
      `(${lastMinute[0]} мин / 1 мин = ${(lastMinute[1] / firstMinute[1]).toFixed(2)})`,
  );
}
const memoryGrew = !!firstMinute && !!lastMinute && lastMinute[1] > firstMinute[1] * MEMORY_GROWTH;
for (const [kind, n] of stats.errors) {
  const { example, first, last } = examples.get(kind);
  console.log(`  ошибка: ${kind} × ${n}, с ${first} по ${last} с прогона ${example}`);
}
for (const [kind, n] of stats.real5xx) console.log(`  5xx: ${kind} × ${n}`);
const broken = Object.values(report.writes).some((w) => w.lost || w.duplicated || w.unknown);
if (memoryGrew) console.error(`✖ Память workerd выросла больше чем в ${MEMORY_GROWTH} раза с первой минуты`);
if (errors || real5xx || broken || memoryGrew) {
  console.error(
    "✖ Долгий прогон: есть ошибки, 5xx без сбоя, потерянные либо задвоенные записи или рост памяти",
  );
  process.exit(1);
}
console.log(
  "✔ Долгий прогон: ни ошибок, ни 5xx без сбоя; каждая подтверждённая запись сохранена ровно один раз",
);

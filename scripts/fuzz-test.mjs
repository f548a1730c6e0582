// npm run test:fuzz: first the long run of the worker's own fuzz tests (tests/integration/fuzz-*.test.ts,
// FUZZ_RUNS (300) inputs a property; npm test runs them short, vitest.config.ts), then FUZZ_REQUESTS (100 000)
// hostile requests (tests/fuzz/requests.ts: every API path and page type, the filter tables' parameters with
// hostile values, other methods, hostile headers and bodies) against the production build on a fresh seed at
// scale 0.1, FUZZ_CONCURRENCY (16) at a time, generated from FUZZ_SEED. Reports 5xx, input written into a page
// unescaped and redirects off the site, with examples; exits 1 on any of them or on a connection error.
import fc from "fast-check";
import { buildClient } from "./build-client.mjs";
import { importTypeScript, reseed } from "./db.mjs";
import { send } from "./http-client.mjs";
import { bin, run } from "./lib.mjs";
import { startServer } from "./local-server.mjs";

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Requests are generated in batches of this many (fast-check's sample), so memory stays flat. */
const BATCH = 2_000;

const { hostileRequest, problems } = await importTypeScript("tests/fuzz/requests.ts");

const FUZZ_RUNS = process.env.FUZZ_RUNS ?? "300";
console.log(`▶ Фазз-тесты воркера: ${FUZZ_RUNS} входов на свойство (tests/integration/fuzz-*.test.ts)`);
run(bin("vitest"), ["run", "--project", "integration", "tests/integration/fuzz-"], {
  env: { ...process.env, FUZZ_RUNS },
});

const persistTo = ".wrangler/fuzz";
await buildClient({ quiet: true });
await reseed({ persistTo, scale: 0.1 });
const server = await startServer({ persistTo, log: "bench-results/fuzz.log" });
const { origin } = server;

const counts = {
  requests: 0,
  "5xx": 0,
  reflected: 0,
  "off-site redirect": 0,
  "connection errors": 0,
  /** Sent again after their kept-alive connection was closed before an answer (scripts/http-client.mjs). */
  "sent again": 0,
  "refused by fetch": 0,
};
const statuses = new Map();
/** Up to five examples of each kind of problem. */
const examples = new Map();
const note = (kind, req, detail) => {
  counts[kind] += 1;
  const list = examples.get(kind) ?? [];
  if (list.length < 5) examples.set(kind, [...list, `${req.method} ${req.url.slice(0, 200)} → ${detail}`]);
};

async function check(req) {
  let res;
  let text;
  try {
    ({ res, text } = await send(`${origin}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.body,
    }).then((r) => {
      counts["sent again"] += r.resent;
      return r;
    }));
  } catch (err) {
    // A request fetch itself refuses to send (a header value it does not allow) is not the server's failure.
    if (err.code === "UND_ERR_INVALID_ARG") {
      counts["refused by fetch"] += 1;
      return;
    }
    note(
      "connection errors",
      req,
      `${err.code}${err.midAnswer ? " mid-answer" : ""} ${JSON.stringify(req.headers).slice(0, 300)}`,
    );
    return;
  }
  counts.requests += 1;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  for (const kind of problems(origin, { status: res.status, headers: res.headers, text })) {
    note(kind, req, `${res.status} ${res.headers.get("Location") ?? text.slice(0, 120)}`);
  }
}

const started = Date.now();
console.log(`▶ ${TOTAL} запросов, по ${CONCURRENCY} одновременно, seed ${SEED}: ${origin}`);
try {
  for (let done = 0, batch = 0; done < TOTAL; done += BATCH, batch += 1) {
    const requests = fc.sample(hostileRequest, {
      numRuns: Math.min(BATCH, TOTAL - done),
      seed: SEED + batch,
    });
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) await check(requests[next++]);
      }),
    );
    if ((batch + 1) % 10 === 0) console.log(`  ${done + requests.length} из ${TOTAL}`);
  }
} finally {
  await server.stop();
}

const seconds = (Date.now() - started) / 1000;
console.table({
  ...counts,
  "запросов в секунду": Math.round(counts.requests / seconds),
  "коды ответа": [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" "),
});
for (const [kind, list] of examples) for (const line of list) console.log(`  ${kind}: ${line}`);
if (counts["5xx"] || counts.reflected || counts["off-site redirect"] || counts["connection errors"]) {
  console.error("✖ Фазз: есть 5xx, отражённый ввод, переадресация на чужой сайт или ошибки соединения");
  process.exit(1);
}
console.log("✔ Фазз: ни 5xx, ни отражённого ввода, ни переадресаций на чужой сайт");

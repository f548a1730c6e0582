// npm run import -- path/or/url.xml: imports a developer's YRL feed into the local D1 of `npm start`
// (.wrangler/state, through Miniflare), registering the feed on first use. The TypeScript importer of the
// worker is bundled with esbuild and run here, streaming the file or the download through it.
import { createReadStream, existsSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { ensureDeps } from "./lib.mjs";

const source = process.argv[2];
if (!source) {
  console.error("✖ Укажите фид: npm run import -- путь/к/фиду.xml или npm run import -- https://…/feed.xml");
  process.exit(1);
}
const isWeb = /^https?:\/\//i.test(source);
if (!isWeb && !existsSync(source)) {
  console.error(`✖ Файл не найден: ${source}`);
  process.exit(1);
}

ensureDeps();
const { importTypeScript, openLocalD1, prepareDatabase } = await import("./db.mjs");
const persistTo = process.env.PERSIST_TO ?? ".wrangler/state";
await prepareDatabase({ persistTo, scale: Number(process.env.SEED_SCALE ?? 1) });

let url;
let body;
if (isWeb) {
  const res = await fetch(source).catch((e) => {
    console.error(`✖ Фид недоступен: ${e.message}`);
    process.exit(1);
  });
  if (!res.ok || !res.body) {
    console.error(`✖ Сервер фида ответил HTTP ${res.status}`);
    process.exit(1);
  }
  url = source;
  body = res.body;
} else {
  url = pathToFileURL(resolve(source)).href;
  body = Readable.toWeb(createReadStream(source));
}

const { importFeedAt } = await importTypeScript("worker/feeds/import.ts");
const { db, dispose } = await openLocalD1(persistTo);
let summary;
try {
  console.log(`▶ Импорт фида ${url}`);
  const started = Date.now();
  summary = await importFeedAt(db, url, body);
  summary.seconds = (Date.now() - started) / 1000;
} finally {
  await dispose();
}
const s = summary;
console.log(
  `${s.status === "ok" ? "✔" : "✖"} Импорт №${s.runId}: предложений ${s.offers}, добавлено ${s.added}, обновлено ${s.updated}, ` +
    `продано ${s.sold}, отклонено ${s.rejected}, замечаний ${s.warnings} — за ${s.seconds.toFixed(1)} с`,
);
if (s.message) console.log(`  ${s.message}`);
const at = (id, line) => `${id}${line ? `, строка ${line}` : ""}`;
if (s.groups.length) console.log("Замечания по видам (сколько — пример — что исправить):");
for (const g of s.groups) {
  console.log(
    `  ${g.skipped ? "✖" : "!"} ${g.kind}: ${g.count}\n` +
      `      например ${at(g.example.id, g.example.line)}: ${g.example.reason}\n      → ${g.example.fix}`,
  );
}
const rejected = s.issues.filter((i) => i.skipped);
const SHOWN = 20;
if (rejected.length) console.log("Отклонённые предложения:");
for (const i of rejected.slice(0, SHOWN))
  console.log(`  ✖ ${at(i.id, i.line)}: ${i.reason}\n      → ${i.fix}`);
if (s.rejected > SHOWN)
  console.log(`  … и ещё ${s.rejected - SHOWN}: все на /operator/feeds/?run=${s.runId}`);
process.exit(s.status === "ok" ? 0 : 1);

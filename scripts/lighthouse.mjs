// npm run lighthouse: Lighthouse 12 (mobile preset) on home, a listing, a complex, an article and the mortgage
// page of a local production build at seed scale 0.1, with Debian's Chromium. Each page is measured
// LIGHTHOUSE_RUNS times (3 by default) and the median run is reported, as Lighthouse's own docs advise
// (docs/variability.md; the run is chosen by its computeMedianRun): on this 2-core machine one run of the same
// page scores anywhere from 81 to 99. Before measuring, one unreported run warms the local server and the browser,
// whose first navigation is the slowest of all. Prints the four category scores and LCP, CLS, TBT per page
// (and every run's performance score); exits 1 when a page's median run is under ARCHITECTURE.md's budgets.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { buildClient } from "./build-client.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** LIGHTHOUSE_PAGES="home,listing": only those pages (names as in the table). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
/** LIGHTHOUSE_TRACE=1: the median run's trace too, as bench-results/lighthouse-<page>.trace.json (DevTools' Performance panel opens it). */
const TRACE = process.env.LIGHTHOUSE_TRACE === "1";

async function pages(origin) {
  const grid = await (await fetch(`${origin}/api/v1/residential-complexes/grid?per_page=1`)).json();
  const posts = await (await fetch(`${origin}/api/v1/media/posts/grid?per_page=1`)).json();
  const post = posts.data[0];
  return {
    home: "/",
    listing: "/novostroyki/",
    complex: grid.data[0].url,
    article: `/journal/${post.category.slug}/${post.slug}/`,
    mortgage: "/mortgage/",
    map: "/novostroyki/na-karte/",
  };
}

/** The longest main-thread task of the run (Lighthouse's long-tasks audit, under its CPU throttling); 0: none over 50 ms. */
function longestTask(lhr) {
  const items = lhr.audits["long-tasks"]?.details?.items ?? [];
  return Math.round(Math.max(0, ...items.map((t) => t.duration)));
}

await buildClient({ quiet: true });
const server = await startServer({
  persistTo: await prepareScale(0.1),
  log: "bench-results/wrangler-lighthouse.log",
});
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
const rows = [];
const failures = [];
const measure = (url) =>
  lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES });
try {
  const list = Object.entries(await pages(server.origin)).filter(([name]) => !ONLY || ONLY.includes(name));
  await measure(`${server.origin}${list[0][1]}`);
  for (const [name, path] of list) {
    const url = `${server.origin}${path}`;
    const runs = [];
    const traces = new Map();
    // A run that failed (no first paint within Lighthouse's timeout, on a loaded machine) is printed and
    // counted, and the median is taken of the others.
    let failed = 0;
    for (let i = 0; i < RUNS; i++) {
      const { lhr: run, artifacts } = await measure(url);
      if (TRACE) traces.set(run, artifacts.Trace);
      if (run.runtimeError || run.audits["first-contentful-paint"]?.numericValue === undefined) {
        failed++;
        console.log(
          `${name}: run ${i + 1} failed: ${run.runtimeError?.message ?? "no first contentful paint"}`,
        );
      } else runs.push(run);
    }
    if (!runs.length) {
      failures.push(`${name}: every run failed`);
      continue;
    }
    const lhr = computeMedianRun(runs);
    const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
    const audit = (id) => lhr.audits[id].numericValue ?? 0;
    const scores = runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100));
    const sorted = [...scores].sort((a, b) => a - b);
    rows.push({
      page: name,
      path,
      performance: score("performance"),
      // The median of the runs' scores (the median run above is the one of median FCP and TTI).
      "median score": sorted[Math.floor(sorted.length / 2)],
      runs: scores.join(" ") + (failed ? ` (${failed} failed)` : ""),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      SEO: score("seo"),
      "LCP ms": Math.round(audit("largest-contentful-paint")),
      CLS: audit("cumulative-layout-shift").toFixed(3),
      "TBT ms": Math.round(audit("total-blocking-time")),
      "longest task ms": longestTask(lhr),
    });
    for (const id of CATEGORIES) {
      if (score(id) >= BUDGET[id]) continue;
      const failed = lhr.categories[id].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      failures.push(`${name} ${id} ${score(id)} < ${BUDGET[id]}: ${failed.join(", ")}`);
    }
    writeFileSync(`bench-results/lighthouse-${name}.json`, JSON.stringify(lhr));
    if (TRACE) writeFileSync(`bench-results/lighthouse-${name}.trace.json`, JSON.stringify(traces.get(lhr)));
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.table(rows);
if (failures.length) {
  console.log(`\nНиже бюджета:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("\n✔ Все страницы в бюджете Lighthouse");

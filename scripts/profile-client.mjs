// node scripts/profile-client.mjs [path …]: what runs in the long tasks of a page's load on the phone of
// `npm run lighthouse`, by function. Chrome slows the CPU PROFILE_CPU_RATE times (9: this kind of machine's
// benchmark index, ~2 700, over the phone's 300; `npm run lighthouse` prints the host's index), so React's
// scheduler slices its work as on the phone. Each path (default: / and /novostroyki/) is loaded PROFILE_RUNS
// times (5) by a phone-sized Chromium on Lighthouse's slow 4G with V8's sampling profiler on; every main-thread
// task of at least 50 ms (PROFILE_LONG_MS) that ran a script is printed with what it was (hydration's start, a render slice, a
// commit, the effects after it, a module's evaluation) and the functions most often on the stack in it, with
// their modules. The client is built unminified for it (the functions keep their names), then rebuilt as usual.
// The profiler itself makes the tasks longer (a fifth or more): its figures are for finding the work, not for
// judging it. For people to read; nothing here passes or fails.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { buildClient } from "./build-client.mjs";
import { prepareScale, startServer } from "./local-server.mjs";
import { mainThread, tasksOver, workIn } from "./trace-tasks.mjs";

const RATE = Number(process.env.PROFILE_CPU_RATE ?? 9);
const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const PATHS = process.argv.length > 2 ? process.argv.slice(2) : ["/", "/novostroyki/"];
const LONG_MS = Number(process.env.PROFILE_LONG_MS ?? 50);
/**
 * The line of `npm run lighthouse` (Lighthouse's mobile preset under Chrome's throttling: its slow 4G as
 * DevTools applies it): the page's chunks come as slowly as there, so its tasks fall as they do there.
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const TOP = 6;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

/** A bundle's line → the module it came from (esbuild's «// path» comments of an unminified build). */
const modules = new Map();
function moduleAt(url, line) {
  const file = url.split("/").pop();
  if (!file?.endsWith(".js")) return "";
  if (!modules.has(file)) {
    let current = file;
    const lines = readFileSync(`dist/client/assets/${file}`, "utf8").split("\n");
    modules.set(
      file,
      lines.map((text) => {
        const m = /^\/\/ (\S+\.[jt]sx?)$/.exec(text);
        if (m) current = m[1].replace(/^.*node_modules\//, "");
        return current;
      }),
    );
  }
  return modules.get(file)[line] ?? file;
}

/** What a task was, by the React function that most of its samples were in. */
const KINDS = [
  ["effects after a commit", "flushPassiveEffects"],
  ["commit", "commitRoot"],
  ["render slice", "performWorkOnRoot"],
  ["hydration's start", "hydrateRoot$export"],
];

async function load(browser, url) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const traced = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,toplevel", transferMode: "ReportEvents" });
  await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(10000);
  const { profile } = await cdp.send("Profiler.stop");
  await cdp.send("Tracing.end");
  await traced;
  await context.close();
  return { events, profile };
}

function longTasks({ events, profile }) {
  const main = mainThread(events);
  const ran = (task) =>
    main.some((e) => e.name === "FunctionCall" && e.ts >= task.ts && e.ts <= task.ts + task.dur);
  const tasks = tasksOver(main, LONG_MS * 1000).filter(ran);
  const node = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const samples = [];
  let ts = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    ts += profile.timeDeltas[i];
    samples.push({ id, ts });
  }
  return tasks.map((task) => {
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
    const onStack = new Map();
    for (const s of inside) {
      const seen = new Set();
      for (let id = s.id; id; id = parent.get(id)) {
        const { functionName, url, lineNumber, columnNumber } = node.get(id).callFrame;
        if (["(root)", "(program)", "(idle)"].includes(functionName)) continue;
        // A bundle's function by its module; the page's inline loader as «inline»; the browser's own by name.
        const where = url.includes("/assets/") ? moduleAt(url, lineNumber) : url ? "inline" : "";
        const fn = functionName || (lineNumber === 0 && columnNumber === 0 ? "(top level)" : "(anonymous)");
        const name = `${fn} ${where}`.trim();
        if (seen.has(name)) continue;
        seen.add(name);
        onStack.set(name, (onStack.get(name) ?? 0) + 1);
      }
    }
    const share = (n) => Math.round((100 * n) / Math.max(1, inside.length));
    const top = [...onStack].sort((a, b) => b[1] - a[1]);
    const kind =
      KINDS.find(([, fn]) => top.some(([name, n]) => name.startsWith(`${fn} `) && share(n) >= 40))?.[0] ??
      (top.some(([name, n]) => name.endsWith(" inline") && share(n) >= 40)
        ? "the page's inline loader"
        : null) ??
      (top.some(([name, n]) => name.startsWith("(top level)") && share(n) >= 40)
        ? "a module's evaluation"
        : "other");
    // React's frames that say what the task was, then our own modules' functions (a component, an effect).
    const line = ([name, n]) => `      ${String(share(n)).padStart(3)}% ${name}`;
    const react = top.filter(([name]) => / react-dom\//.test(name) && !/^\(/.test(name)).slice(0, 2);
    const ours = top
      .filter(([name]) => / (client|shared)\//.test(name) || / inline$/.test(name))
      .slice(0, TOP);
    const lines = [...react, ...ours].map(line);
    // The browser's own work in it (the trace's nested events), for what the scripts' samples leave out.
    const traced = workIn(main, task, { minUs: 5000 }).map(
      ([what, dur]) => `${what} ${Math.round(dur / 1000)}`,
    );
    return `  ${Math.round(task.dur / 1000)} ms: ${kind} (${traced.join(", ")})\n${lines.join("\n")}`;
  });
}

await buildClient({ quiet: true, minify: false });
const server = await startServer({
  persistTo: await prepareScale(0.1),
  log: "bench-results/wrangler-profile.log",
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  console.log(
    `Замедление CPU ${RATE}× (PROFILE_CPU_RATE); задачи от ${LONG_MS} мс, в которых шли скрипты страницы`,
  );
  for (const path of PATHS)
    for (let run = 1; run <= RUNS; run++) {
      const tasks = longTasks(await load(browser, `${server.origin}${path}`));
      console.log(`${path} #${run}: ${tasks.length ? `\n${tasks.join("\n")}` : "нет"}`);
    }
} finally {
  await browser.close();
  await server.stop();
  await buildClient({ quiet: true });
}

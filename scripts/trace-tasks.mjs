// A page load's main-thread tasks in a Chrome trace and what each did: the one reading of a trace that
// scripts/lighthouse.mjs (Lighthouse's trace of each run) and scripts/profile-client.mjs (a Playwright trace
// under Chrome's CPU slowdown) print.

/** What a task did: the trace events nested in it that are listed, by name. */
const WORK = new Set([
  // The navigation's commit (the new document's window and parser) and the first bytes' parse, before ParseHTML.
  "DocumentLoader::CommitNavigation",
  "DecodedDataDocumentParser::AppendBytes",
  "ParseHTML",
  "EvaluateScript",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "RunMicrotasks",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "MajorGC",
  "MinorGC",
]);

/** A main-thread task: Lighthouse's traces name it RunTask, a trace of the toplevel category ThreadControllerImpl::RunTask. */
const TASK = /(^|::)RunTask$/;

/**
 * The page's main thread, its complete events: the renderer thread with the most task time (the banner's
 * frame, in a process of its own, has a renderer thread too).
 */
export function mainThread(events) {
  const named = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph === "X" && TASK.test(e.name) && (named.size === 0 || named.has(thread)))
      busy.set(thread, (busy.get(thread) ?? 0) + e.dur);
  }
  const thread = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === thread);
}

/** What runs a page's script in a task: its functions, its scripts' and modules' evaluation, the microtasks
 * they queue. */
const SCRIPT = new Set(["EvaluateScript", "v8.evaluateModule", "FunctionCall", "RunMicrotasks"]);

/**
 * The main thread's tasks that the page's script made, in order: more than half of the
 * task is script (SCRIPT above, the outermost of nested ones). So the frame in which the loader's
 * animation-frame callback ran, or the parse that met an inline script, stay the browser's work (they are
 * listed with what they did). A task in which Lighthouse ran its own script is not the page's: one of
 * `_lighthouse-eval.js`, or an evaluation without a URL (the DevTools protocol's `Runtime.evaluate`, after the
 * load: 44–56 ms on a busy host; a page's own scripts, inline ones too, have the page's URL).
 */
export function scriptTasks(main) {
  const tasks = main.filter((e) => TASK.test(e.name)).sort((a, b) => a.ts - b.ts);
  const script = main.filter((e) => SCRIPT.has(e.name)).sort((a, b) => a.ts - b.ts);
  const lighthouse = script.filter(
    (e) =>
      (e.args?.data?.url ?? "").includes("_lighthouse") ||
      (e.name === "EvaluateScript" && !e.args?.data?.url),
  );
  const within = (task, e) => e.ts >= task.ts && e.ts <= task.ts + task.dur;
  const ours = [];
  let i = 0;
  for (const task of tasks) {
    if (lighthouse.some((e) => within(task, e))) continue;
    const end = task.ts + task.dur;
    let ran = 0;
    let until = task.ts;
    for (; i < script.length && script[i].ts <= end; i++) {
      const e = script[i];
      if (e.ts < task.ts || e.ts + e.dur <= until) continue;
      ran += e.ts + e.dur - Math.max(e.ts, until);
      until = e.ts + e.dur;
    }
    if (ran * 2 > task.dur) ours.push(task);
  }
  return ours;
}

/** The main thread's tasks of at least `minUs` µs. */
export const tasksOver = (main, minUs) => main.filter((e) => TASK.test(e.name) && e.dur >= minUs);

/**
 * What `task` did, its longest pieces first, at most `top`, each of at least `minUs` µs: [what, µs], a script by
 * its file (the page's own inline scripts: «inline») and function («FunctionCall entry-….js Of»). A task that
 * the trace's events leave mostly unexplained, in which the trace recorded scripts (ScriptCatchup: Lighthouse's
 * trace asks for every script's source, `v8-source-rundown-sources`, and V8 writes it into the trace on the main
 * thread), gets the rest as «the trace copying <script>»: the measuring's own work, not the page's. With those
 * categories left out of the trace, the 56–79 ms such task of the listing's entry was gone (scratch runs,
 * docs/decisions/0030-busy-host-and-the-trace-s-own-work.md).
 */
export function workIn(main, task, { minUs, top = 4 }) {
  const work = new Map();
  for (const e of main) {
    if (!WORK.has(e.name) || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
    const d = e.args?.data ?? {};
    const file = d.url === undefined ? "" : ` ${d.url.split("/").pop() || "inline"}`;
    const what = `${e.name}${file}${d.functionName ? ` ${d.functionName}` : ""}`;
    work.set(what, (work.get(what) ?? 0) + e.dur);
  }
  const parts = [...work]
    .filter(([, dur]) => dur >= minUs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  const listed = [...work.values()].reduce((sum, dur) => sum + dur, 0);
  const loading = new Set(
    main
      .filter((e) => e.name === "ScriptCatchup" && e.ts >= task.ts && e.ts <= task.ts + task.dur)
      .map((e) => e.args?.data?.url?.split("/").pop())
      .filter(Boolean),
  );
  if (listed < task.dur / 2 && loading.size)
    parts.push([`the trace copying ${[...loading].join(", ")}`, task.dur - listed]);
  return parts;
}

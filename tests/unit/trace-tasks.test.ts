import { describe, expect, it } from "vitest";
// @ts-expect-error: a measuring script's module in plain JavaScript, without type declarations
import * as traceTasks from "../../scripts/trace-tasks.mjs";

interface TraceEvent {
  ph: string;
  pid: number;
  tid: number;
  name: string;
  ts?: number;
  dur?: number;
  args?: object;
}
const { mainThread, scriptTasks, tasksOver, workIn } = traceTasks as {
  scriptTasks(main: TraceEvent[]): TraceEvent[];
  mainThread(events: TraceEvent[]): TraceEvent[];
  tasksOver(main: TraceEvent[], minUs: number): TraceEvent[];
  workIn(main: TraceEvent[], task: TraceEvent | undefined, options: { minUs: number }): [string, number][];
};

/** A complete event of a thread, `ts` and `dur` in ms (a trace's are µs). */
const x = (tid: number, name: string, ts: number, dur: number, data?: object) => ({
  ph: "X",
  pid: 1,
  tid,
  name,
  ts: ts * 1000,
  dur: dur * 1000,
  ...(data ? { args: { data } } : {}),
});
const thread = (tid: number, name: string) => ({ ph: "M", pid: 1, tid, name: "thread_name", args: { name } });

describe("a trace's long tasks (npm run lighthouse, scripts/profile-client.mjs)", () => {
  const events = [
    thread(1, "CrRendererMain"),
    thread(2, "CrRendererMain"),
    thread(3, "Compositor"),
    // The banner's frame: a renderer of its own, less busy than the page's.
    x(1, "RunTask", 0, 30),
    // The page: a long task that parsed, ran a script and laid out; a short one.
    x(2, "RunTask", 0, 100),
    x(2, "ParseHTML", 0, 20),
    x(2, "FunctionCall", 20, 50, { url: "https://site/assets/entry-X.js", functionName: "hydrate" }),
    x(2, "Layout", 70, 25),
    x(2, "Layout", 96, 2),
    x(2, "RunTask", 200, 10),
    // Busier than both, but no renderer's main thread.
    x(3, "RunTask", 0, 500),
  ];

  it("reads the page's main thread: the busiest renderer, not a frame's or the compositor", () => {
    const main = mainThread(events);
    expect(new Set(main.map((e) => e.tid))).toEqual(new Set([2]));
    expect(tasksOver(main, 50_000).map((t) => t.dur)).toEqual([100_000]);
  });

  it("names what a task did, longest first, scripts by file and function, small pieces left out", () => {
    const main = mainThread(events);
    const [task] = tasksOver(main, 50_000);
    expect(workIn(main, task, { minUs: 5000 })).toEqual([
      ["FunctionCall entry-X.js hydrate", 50_000],
      ["Layout", 27_000],
      ["ParseHTML", 20_000],
    ]);
  });

  it("takes a toplevel trace's task name, and says which script the trace copied in a task its events leave unexplained", () => {
    const main = mainThread([
      x(5, "ThreadControllerImpl::RunTask", 0, 80),
      x(5, "ScriptCatchup", 10, 0, { url: "https://site/assets/map-Y.js" }),
      x(5, "Layout", 10, 6),
    ]);
    const [task] = tasksOver(main, 50_000);
    expect(workIn(main, task, { minUs: 5000 })).toEqual([
      ["Layout", 6000],
      ["the trace copying map-Y.js", 74_000],
    ]);
  });

  it("finds the tasks the page's script made: not a frame or a parse it ran a moment in, not Lighthouse's", () => {
    const main = mainThread([
      // The first frame, with the loader's animation-frame callback in it.
      x(7, "RunTask", 0, 300),
      x(7, "Layout", 0, 280),
      x(7, "FunctionCall", 285, 2, { url: "https://site/" }),
      // React's scheduler and the microtasks after it (a function called inside them counted once).
      x(7, "RunTask", 400, 52),
      x(7, "FunctionCall", 400, 31, { url: "https://site/assets/entry-X.js", functionName: "Mf" }),
      x(7, "FunctionCall", 410, 5, { url: "https://site/assets/entry-X.js" }),
      x(7, "RunMicrotasks", 431, 17),
      x(7, "RunTask", 500, 45),
      x(7, "v8.evaluateModule", 500, 44),
      x(7, "RunTask", 900, 60),
      x(7, "FunctionCall", 900, 50, { url: "_lighthouse-eval.js" }),
      // The protocol's Runtime.evaluate: no URL, its microtasks inside.
      x(7, "RunTask", 1000, 60),
      x(7, "EvaluateScript", 1000, 40),
      x(7, "RunMicrotasks", 1041, 15),
      // The page's inline script has the page's URL.
      x(7, "RunTask", 1100, 30),
      x(7, "EvaluateScript", 1100, 29, { url: "https://site/novostroyki/" }),
    ]);
    expect(scriptTasks(main).map((t) => [t.ts, t.dur])).toEqual([
      [400_000, 52_000],
      [500_000, 45_000],
      [1_100_000, 30_000],
    ]);
    expect(scriptTasks(main.filter((e) => e.ts === undefined || e.ts < 400_000))).toEqual([]);
  });
});

/**
 * The entry's loader (client/entry-loader.ts) in a document of the test's own: what it adds to the page, and
 * when, as the tab's visibility, the first view's picture and the frames and timers go. Timers and frames run
 * only when the test runs them, so "when" is the order of events, never a measured time.
 */
import { describe, expect, it } from "vitest";
import { EARLY_PRESS, PRESSED } from "../../client/early-press";
import { type EntryModules, loadEntry, PICTURE_WAIT_MS } from "../../client/entry-loader";
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { entryLoaderCode } from "../../scripts/build-client.mjs";

interface Made {
  tag: "link" | "script";
  rel?: string;
  type?: string;
  href?: string;
  src?: string;
  nonce?: string;
  onload: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** A window with a picture (or none), a clock the test moves and frames the test paints. */
function fakeWindow({ hidden = false, picture = "none" as "none" | "loading" | "complete" } = {}) {
  let now = 0;
  const timers: { at: number; run(): void }[] = [];
  const frames: (() => void)[] = [];
  const head: Made[] = [];
  const body: Made[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const documentListeners: { type: string; capture: boolean; run(event: { target: unknown }): void }[] = [];
  const img = {
    complete: picture === "complete",
    addEventListener(type: "load" | "error", listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  const win = {
    document: {
      visibilityState: hidden ? "hidden" : "visible",
      currentScript: { nonce: "n0nce" },
      querySelector: () => (picture === "none" ? null : img),
      createElement: (tag: "link" | "script"): Made => ({ tag, onload: null, onerror: null }),
      head: { append: (e: Made) => void head.push(e) },
      body: { append: (e: Made) => void body.push(e) },
      addEventListener: (type: string, run: (event: { target: unknown }) => void, capture: boolean) =>
        void documentListeners.push({ type, run, capture }),
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  };
  return {
    win,
    /** The module scripts added, in order. */
    scripts: () => body.map((e) => e.src),
    /** The modulepreload links added, in order. */
    links: () => head.map((e) => e.href),
    elements: () => [...head, ...body],
    /** Runs the timers due within `ms` (those they set too), earliest first. */
    advance(ms = 0) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.splice(timers.indexOf(due), 1);
        now = due.at;
        due.run();
      }
      now = until;
    },
    /** Paints a frame: runs the frame callbacks asked for before it. */
    paint() {
      for (const run of frames.splice(0)) run();
    },
    /** The document's listeners. */
    documentListeners,
    /** The picture's event. */
    fire(type: "load" | "error") {
      for (const run of listeners.get(type) ?? []) run();
    },
    /** The module script `src` has run (or failed to load). */
    loaded(src: string, how: "onload" | "onerror" = "onload") {
      const script = body.find((e) => e.src === src);
      if (!script) throw new Error(`${src} was not added`);
      script[how]?.(new Event(how.slice(2)));
    },
  };
}

/** The libraries, the shell, then the page's chunks, each after the ones it imports (a.js imports b.js…), the page's own last. */
const MODULES: EntryModules = {
  entry: "/assets/entry.js",
  preload: [
    "/assets/lib.js",
    "/assets/shell.js",
    "/assets/c.js",
    "/assets/b.js",
    "/assets/a.js",
    "/assets/page.js",
  ],
};

const ALL_LINKS = ["/assets/entry.js", ...MODULES.preload];

/**
 * Everything a start does: the first module's script; from the next task the preloads of the entry and of every
 * module; each module as a script of its own, a task after the one before has run (or failed); then the entry's.
 */
function expectStarted(w: ReturnType<typeof fakeWindow>) {
  w.advance();
  expect(w.scripts()).toEqual(["/assets/lib.js"]);
  expect(w.links()).toEqual(ALL_LINKS);
  for (const [i, src] of MODULES.preload.entries()) {
    expect(w.scripts()).toEqual(MODULES.preload.slice(0, i + 1));
    // The next one waits until this one has run, and a task more.
    w.loaded(src, i === 3 ? "onerror" : "onload");
    expect(w.scripts()).toHaveLength(i + 1);
    w.advance();
  }
  expect(w.scripts()).toEqual([...MODULES.preload, "/assets/entry.js"]);
  for (const e of w.elements()) expect(e.nonce).toBe("n0nce");
  expect(
    w
      .elements()
      .filter((e) => e.tag === "link")
      .every((e) => e.rel === "modulepreload"),
  ).toBe(true);
  expect(
    w
      .elements()
      .filter((e) => e.tag === "script")
      .every((e) => e.type === "module"),
  ).toBe(true);
}

/** Nothing added yet. */
function expectWaiting(w: ReturnType<typeof fakeWindow>) {
  expect(w.elements()).toEqual([]);
}

describe("the entry's loader", () => {
  it("in a hidden tab starts at once (nothing is painted there)", () => {
    const w = fakeWindow({ hidden: true, picture: "loading" });
    loadEntry(w.win, MODULES);
    // The first module's script in this task, the preloads from the next one.
    expect(w.scripts()).toEqual(["/assets/lib.js"]);
    expect(w.links()).toEqual([]);
    w.advance();
    expect(w.links()).toEqual(ALL_LINKS);
    expectStarted(w);
  });

  it("without a picture waits for a frame to be painted and a task after it", () => {
    const w = fakeWindow();
    loadEntry(w.win, MODULES);
    w.advance();
    expectWaiting(w);
    w.paint();
    expectWaiting(w);
    expectStarted(w);
  });

  it("with a picture already loaded waits only for the frame", () => {
    const w = fakeWindow({ picture: "complete" });
    loadEntry(w.win, MODULES);
    w.paint();
    expectStarted(w);
  });

  it("waits for the first view's picture to load, then for the frame, and starts once", () => {
    const w = fakeWindow({ picture: "loading" });
    loadEntry(w.win, MODULES);
    w.paint();
    w.advance(PICTURE_WAIT_MS - 1);
    expectWaiting(w);
    w.fire("load");
    expectWaiting(w);
    w.paint();
    expectStarted(w);
    // The wait's cap comes later and starts nothing again.
    w.advance(PICTURE_WAIT_MS);
    w.paint();
    w.advance();
    expect(w.scripts()).toEqual([...MODULES.preload, "/assets/entry.js"]);
    expect(w.links()).toEqual(ALL_LINKS);
  });

  it("a picture that fails to load ends the wait as one that loads", () => {
    const w = fakeWindow({ picture: "loading" });
    loadEntry(w.win, MODULES);
    w.fire("error");
    w.paint();
    expectStarted(w);
  });

  it("a picture that has not come after the wait's cap is waited for no longer", () => {
    const w = fakeWindow({ picture: "loading" });
    loadEntry(w.win, MODULES);
    w.paint();
    w.advance(PICTURE_WAIT_MS - 1);
    w.paint();
    expectWaiting(w);
    w.advance(1);
    expectWaiting(w);
    w.paint();
    expectStarted(w);
  });

  it("without modules runs the entry at once", () => {
    const w = fakeWindow({ hidden: true });
    loadEntry(w.win, { entry: "/assets/entry.js", preload: [] });
    expect(w.scripts()).toEqual(["/assets/entry.js"]);
    w.advance();
    expect(w.links()).toEqual(["/assets/entry.js"]);
  });

  it("from its start keeps a press on a button that asks for it, before anything has loaded", () => {
    const w = fakeWindow();
    loadEntry(w.win, MODULES);
    expectWaiting(w);
    const [listener, ...others] = w.documentListeners;
    expect(others).toEqual([]);
    expect(listener).toMatchObject({ type: "click", capture: true });
    // A button with `data-early-press` (what `closest` finds from the pressed node) gets the mark; a press
    // elsewhere, or on a text node, marks nothing.
    const marks: string[] = [];
    const button = { setAttribute: (name: string, value: string) => void marks.push(`${name}=${value}`) };
    const inside = { closest: (selector: string) => (selector === `[${EARLY_PRESS}]` ? button : null) };
    listener?.run({ target: inside });
    listener?.run({ target: { closest: () => null } });
    listener?.run({ target: {} });
    listener?.run({ target: null });
    expect(marks).toEqual([`${PRESSED}=`]);
  });

  it("is built into the inline script the worker wraps: a function's body of `__modules`", async () => {
    const code = await entryLoaderCode();
    const w = fakeWindow({ hidden: true });
    new Function("__modules", "window", code)(MODULES, w.win);
    expect(w.scripts()).toEqual(["/assets/lib.js"]);
    expectStarted(w);
  });
});

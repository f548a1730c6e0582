/**
 * The entry's loader: an inline script at the end of every page (worker/ssr/document.ts), built from this
 * module by scripts/build-client.mjs (`entryLoaderCode`) into the manifest, which the worker embeds with the
 * request's nonce and the page's modules.
 *
 * The page is whole HTML and works without JavaScript, so its scripts wait for the first view: for the first
 * view's picture (the image with fetchpriority="high", when the page has one) and then for a frame to be
 * painted. On a slow line the scripts (about 100 KB gzip) would otherwise share the bandwidth with the
 * stylesheet and the picture and delay both, and Lighthouse (which models a slow line from a trace taken on a
 * fast one) counts every high-priority script that arrived before the first paint as blocking it. A hidden
 * tab paints nothing: there it loads at once; a picture that has not come after PICTURE_WAIT_MS waits no
 * longer. Then, from the task after the first script's, the loader adds the modulepreloads of every chunk the
 * page needs, the entry's included (no waterfall of imports), PRELOADS_PER_TASK a task: adding a link (or a
 * script) starts its fetch there and then, which at a phone's speed (Chrome's CPU slowed 9×) took 0.1–30 ms a
 * link during the load, 4 ms typical, and the map's page needs 27; three a task made the loader's timers some
 * of the page's longest tasks (95–245 ms on the calibrated phone of `npm run lighthouse`). A module script and everything it imports run in one task, so
 * the loader runs the page's modules as scripts of their own, each a task after the one before and after the
 * ones it imports (the manifest's order): the libraries (client/vendor.ts), the app's shell (the layout, the
 * routes), the page's chunks, then the entry (react-dom and the hydration). The shell with the entry were one
 * of the page's longest tasks (issue 20), and so were a page's 10–25 chunks in one task (64–77 ms on that
 * phone, issue 34). Meanwhile a press on a button that asks for it is kept (client/early-press.ts).
 */

import { keepEarlyPresses } from "./early-press";

export const PICTURE_WAIT_MS = 3000;
export const PRELOADS_PER_TASK = 1;

/** What the worker tells the loader: the page's modules (worker/ssr/assets.ts pageAssets). */
export interface EntryModules {
  entry: string;
  /** Every module the entry and the page's chunk import, each after those it imports: run in this order. */
  preload: string[];
}

/** The elements the loader makes: a modulepreload link or a module script. */
interface Made {
  rel?: string;
  type?: string;
  href?: string;
  src?: string;
  nonce?: string;
  onload: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
}

interface Picture {
  complete: boolean;
  addEventListener(type: "load" | "error", listener: () => void): void;
}

/** The part of `window` the loader uses (a test gives it a document of its own). */
export interface LoaderWindow<E extends Made = Made> {
  document: {
    visibilityState: string;
    currentScript: { nonce?: string } | null;
    querySelector(selector: "img[fetchpriority=high]"): Picture | null;
    createElement(tag: "link" | "script"): E;
    head: { append(node: E): void };
    body: { append(node: E): void };
    addEventListener: Parameters<typeof keepEarlyPresses>[0]["addEventListener"];
  };
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
}

export function loadEntry<E extends Made>(win: LoaderWindow<E>, { entry, preload }: EntryModules): void {
  const d = win.document;
  // Until React listens, a press on a button that asks for it is kept on the button (client/early-press.ts).
  keepEarlyPresses(d);
  // Read at once: the current script is null once the inline script has run.
  const nonce = d.currentScript?.nonce ?? "";
  const modules = [entry, ...preload];
  let started = false;

  const links = (from: number) => {
    for (const href of modules.slice(from, from + PRELOADS_PER_TASK)) {
      const link = d.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      d.head.append(link);
    }
    if (from + PRELOADS_PER_TASK < modules.length) win.setTimeout(() => links(from + PRELOADS_PER_TASK), 0);
  };
  const script = (src: string, then?: () => void) => {
    const s = d.createElement("script");
    s.type = "module";
    s.src = src;
    s.nonce = nonce;
    if (then) {
      s.onload = then;
      s.onerror = then;
    }
    d.body.append(s);
  };
  // Each module as a script of its own, a task after the one before has run (or failed to load), the entry last.
  const run = (i: number) => {
    const src = preload[i];
    if (src === undefined) script(entry);
    else script(src, () => win.setTimeout(() => run(i + 1), 0));
  };
  const go = () => {
    if (started) return;
    started = true;
    run(0);
    win.setTimeout(() => links(0), 0);
  };
  const painted = () => win.requestAnimationFrame(() => win.setTimeout(go, 0));

  const picture = d.querySelector("img[fetchpriority=high]");
  if (d.visibilityState === "hidden") go();
  else if (picture && !picture.complete) {
    picture.addEventListener("load", painted);
    picture.addEventListener("error", painted);
    win.setTimeout(painted, PICTURE_WAIT_MS);
  } else painted();
}

/** The inline script's body (scripts/build-client.mjs): the page's window, and the modules the worker gives. */
export function loadPageEntry(modules: EntryModules): void {
  loadEntry<HTMLLinkElement | HTMLScriptElement>(window, modules);
}

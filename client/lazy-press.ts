/**
 * Lazy parts with buttons (client/pages.ts lazyPart): a press made before the part's chunk has arrived is kept
 * and made again once the part has hydrated. React cannot hydrate a part's boundary without its code and drops
 * a click on it (it replays no click there), so without this a button of a lazy part loses the first press on a
 * slow network (the quiz card did, issue #20). Only for a part with buttons on the first screen (the
 * complex page's gallery and request buttons, the catalogue's cards, the map, the filter's banner): a part
 * below it hydrates before a visitor reaches it.
 *
 * The part's root element carries `data-part={name}`; what it does before hydrating is its buttons'
 * (`type="button"`): its links (unless it asks for them to wait too) and forms work as plain HTML meanwhile. Until the chunk has arrived, a listener
 * (in the capture phase, before React's) notes a press on such a button: its part's root and which of its
 * buttons; the part's first commit presses it again. Pointing at the part, focusing it or pressing
 * it asks for the chunk at once (React asks for it when hydration reaches the part).
 */
import { type ComponentType, createElement, Fragment, useLayoutEffect } from "react";
import { type LazyPart, lazyPart } from "./pages";

interface Press {
  name: string;
  /** The part's root in the server's HTML, which hydration keeps (a page left meanwhile removes it). */
  root: HTMLElement;
  /** Which of its buttons. */
  button: number;
}

interface State {
  arrived: boolean;
  preload(): Promise<unknown>;
  /** What a press is kept on: the part's buttons, and its links when they do more once it has hydrated. */
  pressable: string;
}

const BUTTON = 'button[type="button"]';
const BUTTON_OR_LINK = `${BUTTON}, a[href]`;
const parts = new Map<string, State>();
const pending: Press[] = [];

/**
 * The part a DOM event happened in, while that part's chunk has not arrived. A part inside another whose chunk
 * has not arrived either is not known yet (its module comes with the outer part's): the press is the outer
 * part's, and made again once that has come, it is the inner part's if that is still to come.
 */
function waitingPart(target: EventTarget | null) {
  if (!(target instanceof Element)) return null;
  for (let root = target.closest<HTMLElement>("[data-part]"); root; ) {
    const name = root.dataset.part ?? "";
    const state = parts.get(name);
    if (state) return state.arrived ? null : { root, name, state };
    root = root.parentElement?.closest<HTMLElement>("[data-part]") ?? null;
  }
  return null;
}

if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      const part = waitingPart(event.target);
      const pressed = part && (event.target as Element).closest(part.state.pressable);
      if (!part || !pressed || !part.root.contains(pressed)) return;
      if (pressed instanceof HTMLAnchorElement) {
        // A link opened elsewhere (a new tab, a modifier) stays the browser's; a plain press waits for the part.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
      }
      void part.state.preload();
      pending.push({
        name: part.name,
        root: part.root,
        button: [...part.root.querySelectorAll(part.state.pressable)].indexOf(pressed),
      });
    },
    true,
  );
  for (const type of ["pointerover", "focusin"])
    document.addEventListener(type, (event) => void waitingPart(event.target)?.state.preload(), true);
}

/**
 * Presses the buttons pressed before the part named `name` arrived, each once; a press on a part no longer in
 * the page (the visitor went on to another) is dropped.
 */
function replay(name: string) {
  const pressable = parts.get(name)?.pressable ?? BUTTON;
  for (const press of pending.filter((p) => p.name === name)) {
    pending.splice(pending.indexOf(press), 1);
    if (press.root.isConnected) press.root.querySelectorAll<HTMLElement>(pressable)[press.button]?.click();
  }
}

/**
 * In the part's boundary, so its layout effect runs in the commit that hydrates (or renders) the part: the
 * part's root is marked `data-live` (its handlers answer from now on; React gives a node its props while
 * hydrating, before that commit, so they do not tell it) and the presses kept meanwhile are made.
 */
function Replay({ name }: { name: string }) {
  useLayoutEffect(() => {
    for (const root of document.querySelectorAll(`[data-part="${name}"]`)) root.setAttribute("data-live", "");
    replay(name);
  }, [name]);
  return null;
}

/**
 * A lazy part whose root element carries `data-part={name}` and whose buttons keep a press made before it
 * arrived; with `links`, its links too (a link that opens a dialog once the part has hydrated, rather than
 * its page). Rendered inside a `<Suspense>`, like any lazy part.
 */
export function pressablePart<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  { links = false } = {},
): LazyPart<P> {
  const state: State = {
    arrived: false,
    preload: () => part.preload(),
    pressable: links ? BUTTON_OR_LINK : BUTTON,
  };
  const part = lazyPart(() =>
    load().then((m) => {
      state.arrived = true;
      return m;
    }),
  );
  parts.set(name, state);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module load, never during render
  function Component(props: P) {
    return createElement(
      Fragment,
      null,
      createElement(part.Component, props),
      createElement(Replay, { name }),
    );
  }
  return { Component, preload: part.preload };
}

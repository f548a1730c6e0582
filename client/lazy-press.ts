/**
 * Lazy parts with buttons (client/pages.ts lazyPart): a press made before the part's chunk has arrived is kept
 * and made again once the part has hydrated. React cannot hydrate a part's boundary without its code and drops
 * a click on it (it replays no click there), so without this a button of a lazy part loses the first press on a
 * slow network (the quiz card did, issue #20). Only for a part with buttons on the first screen (the
 * complex page's gallery and request buttons, the catalogue's cards, the map, the filter's banner): a part
 * below it hydrates before a visitor reaches it.
 *
 * The part's root element carries `data-part={name}`; what it does before hydrating is its buttons'
 * (`type="button"`): its links (unless it asks for them to wait too) and forms work as plain HTML meanwhile.
 * Until the chunk has arrived, a listener (in the capture phase, before React's) notes a press on such a
 * button; the part's first commit that shows the address in the address bar presses it again. Pointing at the
 * part, focusing it or pressing it asks for the chunk at once (React asks for it when hydration reaches the
 * part).
 *
 * Why «that shows the address»: a navigation made while the part waits (a new order on the catalogue) changes
 * the address at once, but its render waits for the part, which hydrates first as the server drew it: a page
 * link pressed meanwhile is made again once the part shows the new address, or it would open the old order's
 * page. And if React drew the part anew instead of hydrating it (it got new props before its code), the press
 * is made on the control of the same name in the new drawing, on the same page.
 */
import { type ComponentType, createElement, Fragment, useLayoutEffect } from "react";
import { useLocation } from "react-router";
import { type LazyPart, lazyPart } from "./pages";

interface Press {
  name: string;
  /** The control pressed, in the server's HTML, which hydration keeps (and moves with its row when a list is
   * reordered); a part drawn anew or a page left meanwhile removes it. */
  pressed: HTMLElement;
  /** Its tag and accessible name, to find it in a part drawn anew. */
  label: string;
  /** The page it was pressed on. */
  path: string;
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
      const pressed = part && (event.target as Element).closest<HTMLElement>(part.state.pressable);
      if (!part || !pressed || !part.root.contains(pressed)) return;
      if (pressed instanceof HTMLAnchorElement) {
        // A link opened elsewhere (a new tab, a modifier) stays the browser's; a plain press waits for the part.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
      }
      void part.state.preload();
      pending.push({ name: part.name, pressed, label: labelOf(pressed), path: location.pathname });
    },
    true,
  );
  for (const type of ["pointerover", "focusin"])
    document.addEventListener(type, (event) => void waitingPart(event.target)?.state.preload(), true);
}

const labelOf = (el: Element) =>
  `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.replace(/\s+/g, " ").trim() ?? ""}`;

/**
 * What a kept press is made on now: the control itself while it is in the page; in a part React drew anew, on
 * the same page, its control of the same tag and name; otherwise nothing (the visitor went on to another page).
 */
function controlOf(press: Press, pressable: string): HTMLElement | null {
  if (press.pressed.isConnected) return press.pressed;
  if (location.pathname !== press.path) return null;
  for (const root of document.querySelectorAll(`[data-part="${press.name}"]`))
    for (const el of root.querySelectorAll<HTMLElement>(pressable))
      if (labelOf(el) === press.label) return el;
  return null;
}

/** Presses the controls pressed before the part named `name` arrived, each once. */
function replay(name: string) {
  const pressable = parts.get(name)?.pressable ?? BUTTON;
  for (const press of pending.filter((p) => p.name === name)) {
    pending.splice(pending.indexOf(press), 1);
    controlOf(press, pressable)?.click();
  }
}

/**
 * In the part's boundary, so its layout effect runs in the commit that hydrates (or renders) the part: the
 * part's root is marked `data-live` (its handlers answer from now on; React gives a node its props while
 * hydrating, before that commit, so they do not tell it), and the presses kept meanwhile are made in the first
 * commit that shows the address in the address bar (a navigation's render may still be on its way).
 */
function Replay({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    for (const root of document.querySelectorAll(`[data-part="${name}"]`)) root.setAttribute("data-live", "");
    if (pathname === location.pathname && search === location.search) replay(name);
  }, [name, pathname, search]);
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

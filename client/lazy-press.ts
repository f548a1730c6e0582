/**
 * Lazy parts with buttons (client/pages.ts lazyPart): a press made before the part's chunk has arrived is kept
 * and made again once the part has hydrated. React cannot hydrate a part's boundary without its code and drops
 * a click on it (it replays no click there), so without this a button of a lazy part loses the first press on a
 * slow network (the quiz card did, issue #20).
 *
 * The part's root element carries `data-part={name}`; what it does before hydrating is its buttons'
 * (`type="button"`) and its links' (a plain press: followed by the app's router once the part is there, as
 * after hydration, since a document load would not keep the document's state, an advertising visit's reduced
 * page); its forms work as plain HTML meanwhile. Until the chunk has arrived, a listener (in the capture phase,
 * before React's) notes a press on such a control: which of the parts of that name, which of its controls; the
 * part's first commit presses them again. Pointing at the part, focusing it or pressing
 * it asks for the chunk at once (React asks for it when hydration reaches the part).
 */
import { type ComponentType, createElement, Fragment, useLayoutEffect } from "react";
import { type LazyPart, lazyPart } from "./pages";

interface Press {
  name: string;
  /** Which of the parts of that name, in document order. */
  part: number;
  /** Which of its controls. */
  control: number;
}

interface State {
  arrived: boolean;
  preload(): Promise<unknown>;
}

/** What a part does before hydrating: its buttons and its links. */
const CONTROL = 'button[type="button"], a[href]';
const parts = new Map<string, State>();
const pending: Press[] = [];

const partsNamed = (name: string) => document.querySelectorAll<HTMLElement>(`[data-part="${name}"]`);

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
      const control = (event.target as Element).closest?.(CONTROL);
      if (!part || !control || !part.root.contains(control)) return;
      // A link opened in another tab or window is the browser's own.
      if (control instanceof HTMLAnchorElement) {
        const { button, metaKey, ctrlKey, shiftKey, altKey } = event;
        if (button !== 0 || metaKey || ctrlKey || shiftKey || altKey || control.target) return;
        event.preventDefault();
      }
      void part.state.preload();
      pending.push({
        name: part.name,
        part: [...partsNamed(part.name)].indexOf(part.root),
        control: [...part.root.querySelectorAll(CONTROL)].indexOf(control),
      });
    },
    true,
  );
  for (const type of ["pointerover", "focusin"])
    document.addEventListener(type, (event) => void waitingPart(event.target)?.state.preload(), true);
}

/** Presses the controls pressed before the part named `name` arrived (each once). */
function replay(name: string) {
  for (const press of pending.filter((p) => p.name === name)) {
    pending.splice(pending.indexOf(press), 1);
    partsNamed(name)[press.part]?.querySelectorAll<HTMLElement>(CONTROL)[press.control]?.click();
  }
}

/** In the part's boundary, so its layout effect runs in the commit that hydrates (or renders) the part. */
function Replay({ name }: { name: string }) {
  useLayoutEffect(() => replay(name), [name]);
  return null;
}

/**
 * A lazy part whose root element carries `data-part={name}` and whose buttons keep a press made before it
 * arrived. Rendered inside a `<Suspense>`, like any lazy part.
 */
export function pressablePart<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPart<P> {
  const state: State = { arrived: false, preload: () => part.preload() };
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

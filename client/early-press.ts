/**
 * Presses that come before React listens. The page is whole HTML and its scripts wait for the first paint
 * (client/entry-loader.ts), so a button can be seen, and pressed, a second or more before React hydrates it; a
 * press in that time reaches no handler and is lost (React replays nothing that came before `hydrateRoot`). The
 * entry's loader, an inline script at the end of every page, marks a pressed button that asks for it
 * (`data-early-press`) with `data-pressed`; its component, once hydrated, takes the mark as the press
 * (useEarlyPress in the component). A press after hydration is marked too, and its handler removes the mark, so
 * the two never disagree: the handler and the hydrated component do the same thing (open, never toggle).
 *
 * Kept free of React: the loader is built from it into every page's inline script.
 */

/** The attribute a button carries when a press before hydration is to be kept. */
export const EARLY_PRESS = "data-early-press";
/** The mark a kept press leaves on its button until the component takes it. */
export const PRESSED = "data-pressed";

interface PressTarget {
  closest?(selector: string): { setAttribute(name: string, value: string): void } | null;
}

/** From now on, a press on a `[data-early-press]` element (or inside one) marks it `data-pressed`. */
export function keepEarlyPresses(doc: {
  addEventListener(type: "click", listener: (event: { target: unknown }) => void, capture: boolean): void;
}): void {
  doc.addEventListener(
    "click",
    (event) => (event.target as PressTarget | null)?.closest?.(`[${EARLY_PRESS}]`)?.setAttribute(PRESSED, ""),
    true,
  );
}

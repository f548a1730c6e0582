import { type ReactNode, startTransition, useEffect, useState, useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * What this browser keeps (localStorage, or that it is a browser at all) and the server cannot see: `server`
 * on the server and while hydrating, the browser's value (`read`) after, and whenever `subscribe` tells of a
 * change. A component rendered without hydrating (a client-side visit) reads the browser's value at once.
 *
 * One that hydrates turns to the browser's value in a transition after hydration, rendered in slices. A plain
 * useSyncExternalStore whose browser value differs from the server's renders its component again
 * synchronously, in the effects of the hydrating commit: every card and the header with a stored favourite, the
 * filter's type-ahead fields on every visit (one task of 148 ms on the map page at 9.5× CPU). Here the store
 * reads as the server's until this component's effect has run (React calls `getServerSnapshot` only for a
 * component that hydrates), and a browser value equal to the server's (nothing stored) renders nothing again.
 */
export function useBrowserStore<T>(
  subscribe: (changed: () => void) => () => void,
  read: () => T,
  server: T,
): T {
  const [state] = useState({ hydrating: false, live: false });
  const [, update] = useState(0);
  const value = useSyncExternalStore(
    subscribe,
    () => (state.hydrating && !state.live ? server : read()),
    () => {
      state.hydrating = true;
      return server;
    },
  );
  useEffect(() => {
    if (!state.hydrating || state.live) return;
    state.live = true;
    if (!Object.is(read(), server)) startTransition(() => update(1));
  }, [state, read, server]);
  return value;
}

const inBrowser = () => true;

/**
 * False on the server and while hydrating, true after (useBrowserStore): the server cannot see what this browser
 * stores.
 */
export const useInBrowser = () => useBrowserStore(noop, inBrowser, false);

/** Its children in the browser once hydrated (useInBrowser), nothing before. */
export function InBrowser({ children }: { children: ReactNode }) {
  return useInBrowser() ? children : null;
}

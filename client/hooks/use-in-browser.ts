import { type ReactNode, useSyncExternalStore } from "react";

const noop = () => () => {};

/** False on the server and while hydrating, true after: the server cannot see what this browser stores. */
export const useInBrowser = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/**
 * Its children in the browser once hydrated, nothing before. The switch is a synchronous render (React's rule
 * for a store that differs from the server's), so only this part re-renders, not the component around it.
 */
export function InBrowser({ children }: { children: ReactNode }) {
  return useInBrowser() ? children : null;
}

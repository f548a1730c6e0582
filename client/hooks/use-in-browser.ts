import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False on the server and while hydrating, true after: the server cannot see what this browser stores. */
export const useInBrowser = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

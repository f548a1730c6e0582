import { useSyncExternalStore } from "react";

function subscribe(cb: () => void) {
  addEventListener("online", cb);
  addEventListener("offline", cb);
  return () => {
    removeEventListener("online", cb);
    removeEventListener("offline", cb);
  };
}

/** Online/offline tracking (SPEC §4); the server always renders "online". */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

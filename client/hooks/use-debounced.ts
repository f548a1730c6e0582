import { startTransition, useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `ms`. The later value comes in a transition: what waited for it (a
 * search's request, the map's closer view) is never urgent, and its render yields to the browser instead of
 * holding the main thread (the map's two debounced views after its frame is measured were two blocking
 * renders of every marker).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => startTransition(() => setDebounced(value)), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

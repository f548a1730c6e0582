/**
 * The buyer's commute (issue 32) remembered in this browser: the destination and limit last chosen in the
 * catalogue, so that a complex's page can show the way there. Nothing stored reads as null, the server's too.
 */
import { useEffect, useSyncExternalStore } from "react";

const KEY = "commute:to";

export interface StoredCommute {
  to: number;
  max?: number;
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; value: StoredCommute | null } = { raw: null, value: null };

function read(): StoredCommute | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== cache.raw) {
    let value: StoredCommute | null = null;
    try {
      const parsed = JSON.parse(raw ?? "null") as Partial<StoredCommute> | null;
      if (parsed && Number.isInteger(parsed.to))
        value = { to: parsed.to as number, ...(Number.isInteger(parsed.max) ? { max: parsed.max } : {}) };
    } catch {
      value = null;
    }
    cache = { raw, value };
  }
  return cache.value;
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => e.key === KEY && cb();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(cb);
    window.removeEventListener("storage", onStorage);
  };
}

export const useStoredCommute = () => useSyncExternalStore(subscribe, read, () => null);

/** Remembers a list's destination and limit once it shows them (nothing when the list has none). */
export function useRememberCommute(to: number | undefined, max: number | undefined) {
  useEffect(() => {
    if (to === undefined) return;
    const next = JSON.stringify(max === undefined ? { to } : { to, max });
    if (localStorage.getItem(KEY) === next) return;
    localStorage.setItem(KEY, next);
    for (const l of listeners) l();
  }, [to, max]);
}

/** Favourite complexes (♡) without an account: ids in localStorage, shared by every card and the page. */
import { useCallback, useSyncExternalStore } from "react";

const KEY = "favorites:complexes";
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: number[] } = { raw: null, ids: [] };

function read(): number[] {
  const raw = localStorage.getItem(KEY);
  if (raw !== cache.raw) {
    let ids: number[] = [];
    try {
      const parsed: unknown = JSON.parse(raw ?? "[]");
      if (Array.isArray(parsed)) ids = parsed.filter((x): x is number => Number.isInteger(x));
    } catch {
      ids = [];
    }
    cache = { raw, ids };
  }
  return cache.ids;
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

const EMPTY: number[] = [];

export function useFavorites(): { ids: number[]; has(id: number): boolean; toggle(id: number): void } {
  const ids = useSyncExternalStore(subscribe, read, () => EMPTY);
  const toggle = useCallback((id: number) => {
    const current = read();
    const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    localStorage.setItem(KEY, JSON.stringify(next));
    for (const l of listeners) l();
  }, []);
  return { ids, has: (id) => ids.includes(id), toggle };
}

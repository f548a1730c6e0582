/**
 * Lists of ids kept in this browser without an account (localStorage), shared by every card and page that
 * shows them: the favourite complexes and apartments (♡) and the apartments to compare (at most four).
 */
import { useSyncExternalStore } from "react";
import { COMPARE_MAX } from "../../shared/constants";

export interface IdList {
  ids: number[];
  has(id: number): boolean;
  /** Adds or removes an id; false when the list is full and the id was not added. */
  toggle(id: number): boolean;
}

const EMPTY: number[] = [];

/** A list in localStorage under `key`; `max`: the most ids it keeps. */
function idStore(key: string, max = Number.POSITIVE_INFINITY) {
  const listeners = new Set<() => void>();
  // Nothing stored reads as EMPTY, the server's snapshot: hydration then finds the list unchanged, where a
  // new [] forced a synchronous re-render of every card and the header (a 50-100 ms task at 4x CPU).
  let cache: { raw: string | null; ids: number[] } = { raw: null, ids: EMPTY };

  function read(): number[] {
    const raw = localStorage.getItem(key);
    if (raw !== cache.raw) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw ?? "[]");
      } catch {}
      cache = { raw, ids: Array.isArray(parsed) ? parsed.filter(Number.isInteger) : [] };
    }
    return cache.ids;
  }

  function subscribe(cb: () => void) {
    listeners.add(cb);
    const onStorage = (e: StorageEvent) => e.key === key && cb();
    addEventListener("storage", onStorage);
    return () => {
      listeners.delete(cb);
      removeEventListener("storage", onStorage);
    };
  }

  function toggle(id: number): boolean {
    const current = read();
    const has = current.includes(id);
    if (!has && current.length >= max) return false;
    localStorage.setItem(key, JSON.stringify(has ? current.filter((x) => x !== id) : [...current, id]));
    for (const l of listeners) l();
    return true;
  }

  return { read, subscribe, toggle };
}

type Store = ReturnType<typeof idStore>;

function useIdList(store: Store): IdList {
  const ids = useSyncExternalStore(store.subscribe, store.read, () => EMPTY);
  return { ids, has: (id) => ids.includes(id), toggle: store.toggle };
}

const FAVORITES = idStore("favorites:complexes");
const FAVORITE_APARTMENTS = idStore("favorites:apartments");
const COMPARE = idStore("compare:apartments", COMPARE_MAX);

export const useFavorites = () => useIdList(FAVORITES);
export const useFavoriteApartments = () => useIdList(FAVORITE_APARTMENTS);
export const useCompare = () => useIdList(COMPARE);

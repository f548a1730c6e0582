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

/**
 * A list in localStorage under `key`; `max`: the most ids it keeps. Every card and the header read it: it is
 * read from localStorage once, and again only after a write (this tab's toggle, another tab's storage event),
 * and one storage listener serves all who subscribe (one each made the effects after hydration a long task).
 */
function idStore(key: string, max = Number.POSITIVE_INFINITY) {
  const listeners = new Set<() => void>();
  // Nothing stored reads as EMPTY, the server's snapshot, and a list read again unchanged keeps its array:
  // hydration then finds the list unchanged (a new [] forced a synchronous re-render of every card).
  let ids = EMPTY;
  let stale = true;
  const changed = () => {
    stale = true;
    for (const l of listeners) l();
  };
  const onStorage = (e: StorageEvent) => e.key === key && changed();

  function read(): number[] {
    if (stale) {
      stale = false;
      let parsed: unknown;
      try {
        parsed = JSON.parse(localStorage.getItem(key) ?? "[]");
      } catch {}
      const next: number[] = Array.isArray(parsed) ? parsed.filter(Number.isInteger) : [];
      if (String(next) !== String(ids)) ids = next;
    }
    return ids;
  }

  function subscribe(cb: () => void) {
    // The first to subscribe reads anew: with nobody listening, another tab's write went unheard.
    if (!listeners.size) {
      stale = true;
      addEventListener("storage", onStorage);
    }
    listeners.add(cb);
    return () => {
      listeners.delete(cb);
      if (!listeners.size) removeEventListener("storage", onStorage);
    };
  }

  function toggle(id: number): boolean {
    const current = read();
    const has = current.includes(id);
    if (!has && current.length >= max) return false;
    localStorage.setItem(key, JSON.stringify(has ? current.filter((x) => x !== id) : [...current, id]));
    changed();
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

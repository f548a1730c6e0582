/**
 * The buyer's commute (issue 32) remembered in this browser: the destination and limit last chosen in the
 * catalogue, so that a complex's page can show the way there. Nothing stored reads as null, the server's too.
 */
import { useEffect } from "react";
import type { CommuteDestination } from "../../shared/schemas/catalogue";
import { useBrowserStore } from "./use-in-browser";

const KEY = "commute:to";

export interface StoredCommute {
  /** The destination station (for a point: the station nearest it). */
  to: number;
  /** A point as the destination (`commute_at`), when it was one. */
  at?: string;
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
        value = {
          to: parsed.to as number,
          ...(typeof parsed.at === "string" ? { at: parsed.at } : {}),
          ...(Number.isInteger(parsed.max) ? { max: parsed.max } : {}),
        };
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

export const useStoredCommute = () => useBrowserStore(subscribe, read, null);

/** Remembers a list's destination (its station, and a point's) and limit once it shows them (nothing without). */
export function useRememberCommute(dest: CommuteDestination | undefined, max: number | undefined) {
  const to = dest?.id;
  const at = dest?.point?.at;
  useEffect(() => {
    if (to === undefined) return;
    const next = JSON.stringify({ to, ...(at ? { at } : {}), ...(max === undefined ? {} : { max }) });
    if (localStorage.getItem(KEY) === next) return;
    localStorage.setItem(KEY, next);
    for (const l of listeners) l();
  }, [to, at, max]);
}

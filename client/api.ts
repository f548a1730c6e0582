/**
 * The client's API module. The base address is the site itself; keys are API URLs (shared/api-keys.ts), which
 * are also the SWR keys and the SSR fallback keys. Failures resolve exactly as SPEC §8 says.
 */
import { apiKeys } from "../shared/api-keys";
import type { ComplexList } from "../shared/schemas/catalogue";
import type { SearchResult } from "../shared/schemas/main";
import { fetchJson } from "./http";

const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/** The calls the client makes outside SWR (the word search), with SPEC §8's failure behaviour. */
export const api = {
  entitiesByWord: (keyword: string) => orNull(fetchJson<SearchResult>(apiKeys.search(keyword))),
};

/**
 * Catalogue list requests, where a new request cancels the one in flight (SPEC §4): the list's SWR fetcher.
 * The cancelled request rejects with an AbortError, which nobody shows (its key is no longer on screen); any
 * other failure is the list's error.
 */
export function latestOnly<T>(): (key: string) => Promise<T> {
  let controller: AbortController | null = null;
  return (key) => {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    return fetchJson<T>(key, { signal: mine.signal }).finally(() => {
      if (controller === mine) controller = null;
    });
  };
}

export const fetchLatestList = latestOnly<ComplexList>();

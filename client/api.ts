/**
 * The client's API module. The base address is the site itself; keys are API URLs (shared/api-keys.ts), which
 * are also the SWR keys and the SSR fallback keys. Failures resolve exactly as SPEC §8 says.
 */
import { apiKeys } from "../shared/api-keys";
import type { ComplexDetail, ComplexList } from "../shared/schemas/catalogue";
import type { LocationItem } from "../shared/schemas/locations";
import type { MainData, SearchResult, SeoFilterData } from "../shared/schemas/main";
import type { PageData } from "../shared/schemas/pages";
import { fetchJson } from "./http";

const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

function orEmptyList<T>(what: string, p: Promise<{ data: T[] }>): Promise<T[]> {
  return p.then(
    (b) => b.data,
    (e: unknown) => {
      console.error(`Не удалось загрузить ${what}`, e);
      return [];
    },
  );
}

/** The calls of SPEC §7 with the failure behaviour of SPEC §8. */
export const api = {
  mediaPost: (id: number | string) => orNull(fetchJson<unknown>(apiKeys.mediaPost(id))),
  company: (id: number | string) => orNull(fetchJson<unknown>(apiKeys.company(id))),
  complex: (id: number) => orNull(fetchJson<ComplexDetail>(apiKeys.complex(id))),
  seoFilter: (path: string) => orNull(fetchJson<SeoFilterData>(apiKeys.seoFilter(path))),
  entitiesByWord: (keyword: string) => orNull(fetchJson<SearchResult>(apiKeys.search(keyword))),
  main: () => orNull(fetchJson<MainData>(apiKeys.main())),
  page: (url: string): Promise<PageData> =>
    fetchJson<PageData>(apiKeys.page(url)).catch(() => ({ seo: null, description: "" })),
  regions: () => orEmptyList("регионы", fetchJson<{ data: LocationItem[] }>(apiKeys.locations("regions"))),
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

/**
 * The client's API module. The base address is the site itself; keys are API URLs (shared/api-keys.ts), which
 * are also the SWR keys and the SSR fallback keys. Failures resolve exactly as SPEC §8 says.
 */
import { apiKeys } from "../shared/api-keys";
import type { ListQuery } from "../shared/filters/catalogue";
import type { ComplexList } from "../shared/schemas/catalogue";
import type { LocationItem } from "../shared/schemas/locations";
import type { SearchResult } from "../shared/schemas/main";
import { fetchJson, isAbort } from "./http";

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

/** The calls the client makes outside SWR (the word search, the filter form's lists and count), with SPEC §8's failure behaviour. */
export const api = {
  entitiesByWord: (keyword: string) => orNull(fetchJson<SearchResult>(apiKeys.search(keyword))),
  localities: (regionId: number) =>
    orEmptyList(
      "населённые пункты",
      fetchJson<{ data: LocationItem[] }>(apiKeys.locations("localities", { region_id: regionId })),
    ),
  subways: (localityId: number) =>
    orEmptyList(
      "станции",
      fetchJson<{ data: LocationItem[] }>(apiKeys.locations("subways", { locality_id: localityId })),
    ),
};

export type ListResult = { cancelled: false; list: ComplexList } | { cancelled: true };

/**
 * Catalogue list requests where a new request cancels the one in flight; the cancelled one resolves as
 * cancelled, not as an error. Any other failure is rethrown.
 */
export function createListLoader() {
  let controller: AbortController | null = null;
  return {
    async load(q: ListQuery): Promise<ListResult> {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      try {
        const list = await fetchJson<ComplexList>(apiKeys.complexes(q), { signal: mine.signal });
        return mine.signal.aborted ? { cancelled: true } : { cancelled: false, list };
      } catch (e) {
        if (isAbort(e) || mine.signal.aborted) return { cancelled: true };
        throw e;
      } finally {
        if (controller === mine) controller = null;
      }
    },
    cancel() {
      controller?.abort();
      controller = null;
    },
  };
}

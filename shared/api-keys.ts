/**
 * SWR keys are the API URLs themselves: the client fetches them and the worker resolves the same URLs
 * in-process for SSR. Building them in one place keeps parameter order (and so the cache key) stable.
 */
export const API_BASE = "/api/v1";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Null/empty values are omitted (SPEC §5); keys are sorted so equal queries give equal URLs. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const qs = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) qs.set(key, value.join(","));
    } else qs.set(key, String(value));
  }
  const q = qs.toString();
  return `${API_BASE}${path}${q ? `?${q}` : ""}`;
}

export const apiKeys = {
  page: (url: string) => withQuery("/pages", { url }),
};

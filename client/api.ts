/**
 * The client's API module. The base address is the site itself; keys are API URLs (shared/api-keys.ts),
 * which are also the SWR keys and the SSR fallback keys.
 */
import { progress } from "./progress";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

declare global {
  interface Window {
    /** Set by the page when the production-api flag is on: /api/ is rewritten to /api-dev/. */
    __API_DEV__?: boolean;
  }
}

export function apiUrl(key: string): string {
  return typeof window !== "undefined" && window.__API_DEV__ ? key.replace(/^\/api\//, "/api-dev/") : key;
}

export async function fetchJson<T>(key: string, init: RequestInit = {}): Promise<T> {
  progress.start();
  let ok = false;
  try {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    if (typeof location !== "undefined") headers.set("Path-Visited", location.pathname);
    const res = await fetch(apiUrl(key), { ...init, headers });
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    if (!res.ok) throw new ApiError(res.status, body?.error ?? "Не удалось загрузить данные");
    ok = true;
    return body as T;
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") ok = true;
    throw e;
  } finally {
    progress.finish(ok);
  }
}

/**
 * The client's HTTP core: every API request goes through fetchJson (progress bar, Path-Visited header, the
 * production-api rewrite, Russian errors). Kept apart from client/api.ts so the entry does not carry the
 * catalogue's filter code that the API helpers need.
 */
import type { ApiKey } from "../shared/api-keys";
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
    /** The production-api flag: when set, /api/ is rewritten to /api-dev/. */
    __API_DEV__?: boolean;
  }
}

let origin = "";

/** Where the API lives: the site itself (""), or another origin for tests and tools. */
export function setApiOrigin(value: string): void {
  origin = value.replace(/\/+$/, "");
}

export function apiUrl(key: string): string {
  const path =
    typeof window !== "undefined" && window.__API_DEV__ ? key.replace(/^\/api\//, "/api-dev/") : key;
  return `${origin}${path}`;
}

export const isAbort = (e: unknown) => e instanceof Error && e.name === "AbortError";

/** The answer of an API key, typed by the key (shared/api-keys.ts ApiKey). */
export async function fetchJson<T>(key: ApiKey<T>, init: RequestInit = {}): Promise<T> {
  progress.start();
  let ok = false;
  try {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    // Path-Visited: the page the visitor is on (SPEC §7).
    if (typeof location !== "undefined") headers.set("Path-Visited", location.pathname);
    const res = await fetch(apiUrl(key), { ...init, headers });
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    if (!res.ok) throw new ApiError(res.status, body?.error ?? "Не удалось загрузить данные");
    ok = true;
    return body as T;
  } catch (e) {
    if (isAbort(e)) ok = true;
    throw e;
  } finally {
    progress.finish(ok);
  }
}

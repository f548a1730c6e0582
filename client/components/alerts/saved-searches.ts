/** This browser's saved searches (localStorage): the list pages it subscribed to and the newest change seen. */
import type { NewSinceAnswer } from "../../../shared/alerts";
import { apiUrl } from "../../http";

/** Each list page's address with the newest change it has seen, so a returning visitor is told what is new without giving an address. */
const SAVED_KEY = "novostroyki:saved-searches";
type Seen = Record<string, number>;

export function readSaved(): Seen {
  try {
    const value = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Seen) : {};
  } catch {
    return {};
  }
}

export function writeSeen(url: string, last: number) {
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify({ ...readSaved(), [url]: last }));
  } catch {
    // Storage full or refused (private mode): the notice is only not shown next time.
  }
}

/** The new changes of a saved search after `after` (none without it) and the newest change's id. */
export async function askNew(url: string, after?: number): Promise<NewSinceAnswer | null> {
  const query = new URLSearchParams({ url });
  if (after !== undefined) query.set("after", String(after));
  const res = await fetch(apiUrl(`/api/v1/alerts/new?${query}`), { headers: { Accept: "application/json" } });
  return res.ok ? ((await res.json()) as NewSinceAnswer) : null;
}

export async function rememberSearch(url: string) {
  const answer = await askNew(url).catch(() => null);
  if (answer) writeSeen(url, answer.last);
}

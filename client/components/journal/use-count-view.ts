import { useEffect } from "react";
import { apiKeys } from "../../../shared/api-keys";
import { useBoot } from "../../hooks/use-boot";
import { apiUrl } from "../../http";

/** Counts one view of an article per visit (a sessionStorage flag); bots are never counted. */
export function useCountView(id: number | undefined): void {
  const { isBot } = useBoot();
  useEffect(() => {
    if (isBot || id === undefined) return;
    const flag = `journal-viewed:${id}`;
    try {
      if (sessionStorage.getItem(flag)) return;
      sessionStorage.setItem(flag, "1");
    } catch {
      return; // Storage is off: better no count than one per render.
    }
    // In a task of its own: starting a request cost the calibrated phone 20–40 ms, and this effect runs in the
    // one task of the effects after the article hydrates (decision 0030).
    setTimeout(() => {
      fetch(apiUrl(apiKeys.mediaPostView(id)), { method: "POST", keepalive: true }).catch(() => undefined);
    }, 0);
  }, [isBot, id]);
}

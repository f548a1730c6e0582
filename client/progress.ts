/**
 * The top progress bar's store (SPEC §4, §9): driven by outgoing requests. It appears only when a request
 * lasts longer than the throttle, creeps towards the end over the duration, hides 500 ms after the last
 * request, and turns to the failed state when a request fails.
 */
import { PROGRESS_HIDE_MS, PROGRESS_THROTTLE_MS } from "../shared/constants";

export type ProgressState = "idle" | "running" | "done" | "failed";

let inFlight = 0;
let state: ProgressState = "idle";
let failed = false;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: ProgressState) {
  if (state === next) return;
  state = next;
  for (const l of listeners) l();
}

export const progress = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
  start() {
    inFlight += 1;
    clearTimeout(hideTimer);
    if (inFlight === 1) {
      failed = false;
      clearTimeout(showTimer);
      showTimer = setTimeout(() => set("running"), PROGRESS_THROTTLE_MS);
    }
  },
  finish(ok: boolean) {
    inFlight = Math.max(0, inFlight - 1);
    if (!ok) failed = true;
    if (inFlight > 0) return;
    clearTimeout(showTimer);
    if (state === "idle" && !failed) return;
    set(failed ? "failed" : "done");
    hideTimer = setTimeout(() => set("idle"), PROGRESS_HIDE_MS);
  },
};

import { useSyncExternalStore } from "react";
import { progress } from "../progress";

export function ProgressBar() {
  const state = useSyncExternalStore(progress.subscribe, progress.get, () => "idle" as const);
  return <div className={`progress progress--${state}`} role="presentation" data-state={state} />;
}

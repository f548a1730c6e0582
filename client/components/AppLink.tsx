import { type ComponentProps, useCallback } from "react";
import { Link } from "react-router";
import { preload } from "swr";
import { presentKeys } from "../../shared/page-data";
import { matchRoute } from "../../shared/routes";
import { fetchJson } from "../http";
import { PAGES } from "../pages";

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetch is skipped on 2g connections and with Save-Data (SPEC §4). */
export function canPrefetch(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? "").includes("2g");
}

export function prefetchRoute(to: string): void {
  const conn = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!canPrefetch(conn)) return;
  const url = new URL(to, location.href);
  if (url.origin !== location.origin) return;
  const match = matchRoute(url.pathname, url.search);
  if (!match) return;
  // The page's chunk declares its data (shared/page-data.ts): its keys are prefetched once it is loaded.
  PAGES[match.route.page]
    .preload()
    .then(({ data }) => {
      for (const key of presentKeys(data?.keys(match) ?? {})) {
        preload(key, (k: string) => fetchJson(k)).catch(() => undefined);
      }
    })
    .catch(() => undefined);
}

/** A router link that prefetches the target page's chunk and data on hover, focus or touch. */
export function AppLink(props: ComponentProps<typeof Link>) {
  const { to, onPointerEnter, onFocus } = props;
  const prefetch = useCallback(() => {
    if (typeof to === "string") prefetchRoute(to);
  }, [to]);
  return (
    <Link
      {...props}
      onPointerEnter={(e) => {
        prefetch();
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        prefetch();
        onFocus?.(e);
      }}
    />
  );
}

import type { ComponentProps } from "react";
import { useHref, useLinkClickHandler } from "react-router";
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

export interface AppLinkProps extends Omit<ComponentProps<"a">, "href"> {
  /** A path on this site. */
  to: string;
  replace?: boolean;
}

/**
 * A router link that prefetches the target page's chunk and data on hover, focus or touch. It is an `<a>` with
 * react-router's own click handler (what its `<Link>` does on a click) rather than `<Link>` itself, which
 * brings the framework mode's prefetching and route discovery, unused here, into every page's bundle.
 *
 * On the server a link is only its markup: an absolute path is its own href (no basename here), and the router's
 * hooks (resolving the path, the click handler) cost a listing about 0.4 ms of its render for nothing the HTML
 * shows. In the browser a link is the router's (no component between), with the same href.
 */
export const AppLink = typeof document === "undefined" ? ServerLink : RouterLink;

/** On the server: an absolute path's link as its markup alone; any other the router's (a relative path resolved). */
function ServerLink(props: AppLinkProps) {
  const { to, replace: _, ...rest } = props;
  return to.startsWith("/") ? <a {...rest} href={to} /> : <RouterLink {...props} />;
}

function RouterLink({ to, replace, target, onClick, onPointerEnter, onFocus, ...rest }: AppLinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) follow(e);
      }}
      onPointerEnter={(e) => {
        prefetchRoute(to);
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        prefetchRoute(to);
        onFocus?.(e);
      }}
    />
  );
}

/** One lazy chunk per page. `preload` is used before hydration and by link prefetch. */
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
import { CHUNK_RELOAD_GUARD_MS } from "../shared/constants";
import type { PageId, RouteMatch } from "../shared/routes";

export interface PageProps {
  match: RouteMatch;
}
type PageModule = { default: ComponentType<PageProps> };

export interface LazyPage {
  Page: ComponentType<PageProps>;
  preload(): Promise<PageModule>;
}

const RELOAD_KEY = "chunk-reload-at";

/** A chunk that fails to load (a deploy replaced it) reloads the page, at most once per 60 s. */
function reloadOnce(error: unknown): never {
  if (typeof window !== "undefined") {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
    }
  }
  throw error;
}

function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (e: unknown) => {
        pending = undefined;
        return reloadOnce(e);
      },
    );
    return pending;
  };
  const Lazy: LazyExoticComponent<ComponentType<PageProps>> = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, never during render
  function Page(props: PageProps) {
    return createElement(loaded ? loaded.default : Lazy, props);
  }
  return { Page, preload };
}

export const PAGES: Record<PageId, LazyPage> = {
  home: lazyPage(() => import("./routes/home")),
  ad: lazyPage(() => import("./routes/ad")),
  companies: lazyPage(() => import("./routes/companies")),
  "companies-type": lazyPage(() => import("./routes/companies-type")),
  company: lazyPage(() => import("./routes/company")),
  contacts: lazyPage(() => import("./routes/contacts")),
  legal: lazyPage(() => import("./routes/legal")),
  mortgage: lazyPage(() => import("./routes/mortgage")),
  special: lazyPage(() => import("./routes/special")),
  "test-modal": lazyPage(() => import("./routes/test-modal")),
  apartments: lazyPage(() => import("./routes/apartments")),
  journal: lazyPage(() => import("./routes/journal")),
  article: lazyPage(() => import("./routes/article")),
  complex: lazyPage(() => import("./routes/complex")),
  listing: lazyPage(() => import("./routes/listing")),
  "location-type": lazyPage(() => import("./routes/location-type")),
  location: lazyPage(() => import("./routes/location")),
  operator: lazyPage(() => import("./routes/operator")),
};

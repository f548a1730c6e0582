/**
 * One lazy chunk per page, plus the parts of the layout that open on a press (the header's menus, what its
 * search found, the request dialog) and the error pages, so that the app shell stays small. `preload` is used
 * before rendering, before hydration and by link prefetch.
 */
import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from "react";
import { CHUNK_RELOAD_GUARD_MS } from "../shared/constants";
import type { PageData } from "../shared/page-data";
import type { PageId, RouteMatch } from "../shared/routes";
import type { FollowDialogProps } from "./components/alerts/FollowDialog";
import type { TypeAheadProps } from "./components/catalogue/TypeAhead";
import type { LeadDialogProps } from "./components/lead/LeadDialog";
import type { SearchOptionsProps } from "./components/SearchOptions";

export interface PageProps {
  match: RouteMatch;
}
/** A route module: its screen, and the data its URL needs (shared/page-data.ts) when it reads any. */
type Module<P> = { default: ComponentType<P>; data?: PageData };

export interface LazyPart<P> {
  Component: ComponentType<P>;
  preload(): Promise<Module<P>>;
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

function part<P extends object>(load: () => Promise<Module<P>>): LazyPart<P> {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
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
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module load, never during render
  function Component(props: P) {
    // The module itself once it is here (no suspending for a chunk already loaded), `lazy`'s before: chosen once
    // per mounted part. Another type at a later render would be another component to React, which would drop
    // the part and draw it anew, with its state lost (the map's view, a typed price, a pressed ♡).
    const [type] = useState(() => (loaded ? loaded.default : Lazy));
    return createElement(type, props);
  }
  return { Component, preload };
}

/** Every part a loaded module declared, so the server renders it in the first HTML. */
const SERVER_PARTS: LazyPart<never>[] = [];

/**
 * A part of a page in a chunk of its own, rendered inside a `<Suspense>`: the browser loads it when it first
 * renders it, so a page's first load leaves it out, and during hydration React keeps the server's HTML of its
 * boundary until the chunk is there. The server has every part loaded with the page that declares it.
 * A page has at most one part below its first screen, plus the parts a press opens (ARCHITECTURE.md,
 * «Budgets»; `node scripts/first-load.mjs --parts` lists them).
 */
export function lazyPart<P extends object>(load: () => Promise<Module<P>>): LazyPart<P> {
  const made = part(load);
  if (typeof window === "undefined") SERVER_PARTS.push(made as LazyPart<never>);
  return made;
}

const lazyPage = (load: () => Promise<Module<PageProps>>) =>
  part(async () => {
    const page = await load();
    // A part's module may declare parts of its own.
    for (let done = 0; typeof window === "undefined" && done < SERVER_PARTS.length; ) {
      const next = SERVER_PARTS.slice(done);
      done = SERVER_PARTS.length;
      await Promise.all(next.map((p) => p.preload()));
    }
    return page;
  });

/** The header's «Новостройки» menu, hidden until it opens: loaded as the page hydrates. */
export const HEADER_DROPDOWN = lazyPart<{ open: boolean }>(() => import("./components/HeaderDropdown"));

/** What the header's search found: loaded as the search box is first pointed at, focused or typed into. */
export const SEARCH_OPTIONS = lazyPart<SearchOptionsProps>(() => import("./components/SearchOptions"));

/** The phone's menu: loaded when the header's burger is first pointed at, focused or pressed. */
export const MOBILE_MENU = lazyPart<{ onClose(): void }>(() => import("./components/MobileMenu"));

/** The error pages: loaded when one is shown (before hydrating one that the server sent). */
export const ERROR_PAGE = lazyPart<{ status: number }>(() => import("./components/ErrorPage"));

/** The filter form's station and developer type-ahead: loaded when the browser renders the form's other fields. */
export const TYPE_AHEAD = lazyPart<TypeAheadProps>(() => import("./components/catalogue/TypeAhead"));
/** The request to the seller's dialog: loaded when a request button is first pressed (or hovered). */
export const LEAD_DIALOG = lazyPart<LeadDialogProps>(() => import("./components/lead/LeadDialog"));
/** The subscription's dialog (saved search, price, complex): loaded when its button is first pressed (or hovered). */
export const FOLLOW_DIALOG = lazyPart<FollowDialogProps>(() => import("./components/alerts/FollowDialog"));

export const PAGES: Record<PageId, LazyPart<PageProps>> = {
  home: lazyPage(() => import("./routes/home")),
  ad: lazyPage(() => import("./routes/ad")),
  apartment: lazyPage(() => import("./routes/apartment")),
  "risk-method": lazyPage(() => import("./routes/risk-method")),
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
  map: lazyPage(() => import("./routes/map")),
  favorites: lazyPage(() => import("./routes/favorites")),
  compare: lazyPage(() => import("./routes/compare")),
  "location-type": lazyPage(() => import("./routes/location-type")),
  location: lazyPage(() => import("./routes/location")),
  operator: lazyPage(() => import("./routes/operator")),
  lead: lazyPage(() => import("./routes/lead")),
  commute: lazyPage(() => import("./routes/commute")),
  search: lazyPage(() => import("./routes/search")),
};

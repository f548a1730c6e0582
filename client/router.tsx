/**
 * The address as React state, over the browser's History API: the location with a key per history entry, how
 * it was reached, navigation by URL or by steps, links and a redirect. Route matching is shared/routes.ts;
 * react-router did only this here, and its module cannot be tree-shaken, so it weighed on every page
 * (README, «The client build»). Its behaviour is kept: a navigation renders as a transition (the current
 * page stays on screen while the next one's chunk loads), a link to the current address replaces the
 * history entry, and the key lives in `history.state.key` ("default" for an entry the site never made).
 */
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** How the location was reached: back, forward or the first load; a new entry; the current entry replaced. */
export type NavigationType = "POP" | "PUSH" | "REPLACE";

/** To an address (`replace`: instead of the current history entry), or `delta` entries back or forward. */
export type NavigateFunction = (to: string | number, options?: { replace?: boolean }) => void;

interface Router {
  location: Location;
  type: NavigationType;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("A router hook is used outside BrowserRouter or StaticRouter");
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().type;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

const pathOf = (l: { pathname: string; search: string; hash: string }) => l.pathname + l.search + l.hash;

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return { pathname, search, hash, key: typeof key === "string" ? key : "default" };
}

/** An entry's scroll position, kept in sessionStorage so that a reload finds it too. */
const scrollItem = (key: string) => `scroll:${key}`;

/**
 * The browser's address. Back and forward return to where the visitor was: each entry's scroll position is
 * saved as it is left (before the next page changes the height) and on `pagehide`; a new entry starts at the top.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => ({ location: browserLocation(), type: "POP" as NavigationType }));
  const shown = useRef(state.location.key);
  const show = useMemo(
    () => (type: NavigationType) => {
      sessionStorage.setItem(scrollItem(shown.current), String(window.scrollY));
      startTransition(() => setState({ location: browserLocation(), type }));
    },
    [],
  );
  useLayoutEffect(() => {
    const pop = () => show("POP");
    const hide = () => sessionStorage.setItem(scrollItem(shown.current), String(window.scrollY));
    window.history.scrollRestoration = "manual";
    window.addEventListener("popstate", pop);
    window.addEventListener("pagehide", hide);
    return () => {
      window.removeEventListener("popstate", pop);
      window.removeEventListener("pagehide", hide);
    };
  }, [show]);
  useEffect(() => {
    const { location, type } = state;
    shown.current = location.key;
    const top = type === "POP" ? Number(sessionStorage.getItem(scrollItem(location.key)) ?? 0) : 0;
    requestAnimationFrame(() => window.scrollTo(0, top));
  }, [state]);
  const navigate = useMemo<NavigateFunction>(
    () =>
      (to, { replace = false } = {}) => {
        if (typeof to === "number") return window.history.go(to);
        const path = pathOf(new URL(to, window.location.href));
        const entry = { key: Math.random().toString(36).slice(2, 10) };
        try {
          if (replace) window.history.replaceState(entry, "", path);
          else window.history.pushState(entry, "", path);
        } catch {
          // Too many history calls (browsers limit them) or an unusable URL: the browser goes there itself.
          return window.location.assign(path);
        }
        show(replace ? "REPLACE" : "PUSH");
      },
    [show],
  );
  const router = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

function serverNavigate(): never {
  throw new Error("Navigation while rendering on the server");
}

/** The server's render: the request's path and query, which never change. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [, pathname = "/", search = "", hash = ""] = /^([^?#]*)(\?[^#]*)?(#[\s\S]*)?$/.exec(location) ?? [];
  const router: Router = {
    location: { pathname, search, hash, key: "default" },
    type: "POP",
    navigate: serverNavigate,
  };
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export interface LinkProps extends Omit<ComponentProps<"a">, "href"> {
  /** An address on this site (a path from the root) or another site's URL, which the browser opens itself. */
  to: string;
  replace?: boolean;
}

/**
 * A link the router follows on a plain left click; with a modifier key, another target or to another site it
 * is the browser's own link.
 */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        const { button, metaKey, altKey, ctrlKey, shiftKey, currentTarget } = event;
        if (event.defaultPrevented || button !== 0 || metaKey || altKey || ctrlKey || shiftKey) return;
        if (rest.target && rest.target !== "_self") return;
        const url = new URL(currentTarget.href);
        if (url.origin !== window.location.origin) return;
        event.preventDefault();
        navigate(pathOf(url), { replace: replace ?? pathOf(url) === pathOf(location) });
      }}
    />
  );
}

/** Goes to `to` once rendered in the browser (a redirect the page itself finds it needs). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

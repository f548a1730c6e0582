import { Component, type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { SWRConfig } from "swr";
import type { BootData } from "../shared/boot";
import { matchRoute } from "../shared/routes";
import { DefaultLayout, EmptyLayout } from "./components/Layout";
import { apiCache } from "./hooks/api-cache";
import { BootContext } from "./hooks/use-boot";
import { ApiError, fetchJson } from "./http";
import { ERROR_PAGE, PAGES } from "./pages";
import "./styles/base.css";

class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <EmptyLayout>
        <Suspense fallback={<PageSkeleton />}>
          <ERROR_PAGE.Component status={error instanceof ApiError ? error.status : 500} />
        </Suspense>
      </EmptyLayout>
    );
  }
}

function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status">
      <span className="visually-hidden">Загрузка страницы…</span>
    </div>
  );
}

/**
 * Back and forward return to where the visitor was: scroll positions are kept per history entry; a new
 * navigation starts at the top. React Router names every document's first entry "default", whatever its
 * address, so that entry is kept under its address too (another page opened in this tab later is not sent to
 * this one's position). On the document's first render the page is moved only back to a kept position (a
 * reload), and only while the visitor has not scrolled during hydration.
 */
function useScrollRestoration(key: string, firstKey: string) {
  const type = useNavigationType();
  const { pathname, search } = useLocation();
  const initial = useRef(true);
  useEffect(() => {
    history.scrollRestoration = "manual";
    const id = `scroll:${key === "default" ? `default:${pathname}${search}` : key}`;
    const save = () => sessionStorage.setItem(id, String(window.scrollY));
    const kept = Number(sessionStorage.getItem(id) ?? 0);
    if (initial.current) {
      initial.current = false;
      if (kept > 0) requestAnimationFrame(() => window.scrollY === 0 && window.scrollTo(0, kept));
    } else if (key !== firstKey || type === "POP") {
      const to = type === "POP" ? kept : 0;
      requestAnimationFrame(() => window.scrollTo(0, to));
    }
    window.addEventListener("pagehide", save);
    return () => {
      save();
      window.removeEventListener("pagehide", save);
    };
    // An address comes with a new key (a replace too), so these run once an entry.
  }, [key, firstKey, type, pathname, search]);
}

function Shell({ initialStatus }: { initialStatus: number }) {
  const location = useLocation();
  const first = useRef(location.key);
  const match = useMemo(
    () => matchRoute(location.pathname, location.search),
    [location.pathname, location.search],
  );
  const status = location.key === first.current ? initialStatus : match ? 200 : 404;

  useScrollRestoration(location.key, first.current);

  if (!match || status >= 400) {
    return (
      <EmptyLayout>
        <Suspense fallback={<PageSkeleton />}>
          <ERROR_PAGE.Component status={match ? status : 404} />
        </Suspense>
      </EmptyLayout>
    );
  }
  const { Component: Page } = PAGES[match.route.page];
  const page = (
    <Suspense fallback={<PageSkeleton />}>
      <Page match={match} />
    </Suspense>
  );
  return (
    <PageErrorBoundary key={location.pathname}>
      {match.route.layout === "empty" ? (
        <EmptyLayout>{page}</EmptyLayout>
      ) : (
        <DefaultLayout match={match}>{page}</DefaultLayout>
      )}
    </PageErrorBoundary>
  );
}

export function App({ boot }: { boot: BootData }) {
  const swr = useMemo(
    () => ({
      // The server's answers start the cache itself, not SWR's `fallback` (hooks/api-cache.ts).
      provider: () => apiCache(boot.fallback),
      fetcher: (key: string) => fetchJson(key),
      revalidateOnFocus: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    }),
    [boot.fallback],
  );
  return (
    <BootContext.Provider value={boot}>
      <SWRConfig value={swr}>
        <Shell initialStatus={boot.status} />
      </SWRConfig>
    </BootContext.Provider>
  );
}

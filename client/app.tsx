import { Component, type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { SWRConfig } from "swr";
import type { BootData } from "../shared/boot";
import { matchRoute } from "../shared/routes";
import { DefaultLayout, EmptyLayout } from "./components/Layout";
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
 * navigation starts at the top.
 */
function useScrollRestoration(key: string, firstKey: string) {
  const type = useNavigationType();
  useEffect(() => {
    history.scrollRestoration = "manual";
    const save = () => sessionStorage.setItem(`scroll:${key}`, String(window.scrollY));
    if (key !== firstKey || type === "POP") {
      const saved = type === "POP" ? Number(sessionStorage.getItem(`scroll:${key}`) ?? 0) : 0;
      requestAnimationFrame(() => window.scrollTo(0, saved));
    }
    window.addEventListener("pagehide", save);
    return () => {
      save();
      window.removeEventListener("pagehide", save);
    };
  }, [key, firstKey, type]);
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
      // The server's answers start the cache itself, not SWR's `fallback`: a cached answer is data like any
      // fetched one (keepPreviousData and revalidation treat it so), and nothing asks for it again.
      provider: () => new Map(Object.entries(boot.fallback).map(([key, data]) => [key, { data }])),
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

import { Component, type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { SWRConfig } from "swr";
import { matchRoute } from "../shared/routes";
import { ApiError, fetchJson } from "./api";
import type { BootData } from "./boot";
import { ErrorPage } from "./components/ErrorPage";
import { DefaultLayout, EmptyLayout } from "./components/Layout";
import { BootContext } from "./hooks/use-boot";
import { PAGES } from "./pages";
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
        <ErrorPage status={error instanceof ApiError ? error.status : 500} />
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

function Shell({ initialStatus }: { initialStatus: number }) {
  const location = useLocation();
  const first = useRef(location.key);
  const match = useMemo(
    () => matchRoute(location.pathname, location.search),
    [location.pathname, location.search],
  );
  const status = location.key === first.current ? initialStatus : match ? 200 : 404;

  useEffect(() => {
    if (location.key !== first.current) window.scrollTo(0, 0);
  }, [location.key]);

  if (!match || status >= 400) {
    return (
      <EmptyLayout>
        <ErrorPage status={match ? status : 404} />
      </EmptyLayout>
    );
  }
  const { Page } = PAGES[match.route.page];
  return (
    <PageErrorBoundary key={location.pathname}>
      <DefaultLayout match={match}>
        <Suspense fallback={<PageSkeleton />}>
          <Page match={match} />
        </Suspense>
      </DefaultLayout>
    </PageErrorBoundary>
  );
}

export function App({ boot }: { boot: BootData }) {
  const swr = useMemo(
    () => ({
      fallback: boot.fallback,
      fetcher: (key: string) => fetchJson(key),
      revalidateOnFocus: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
      keepPreviousData: true,
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

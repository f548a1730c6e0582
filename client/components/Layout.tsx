import { type ReactNode, Suspense } from "react";
import type { RouteMatch } from "../../shared/routes";
import { ChatSlot } from "../chat/ChatSlot";
import { useBoot } from "../hooks/use-boot";
import { TopBanner } from "./ads/TopBanner";
import QuickSearch from "./catalogue/QuickSearch";
import Footer from "./Footer";
import { Header } from "./Header";
import { OfflineNotice } from "./OfflineNotice";
import { ProgressBar } from "./ProgressBar";
import { SiteLogo } from "./SiteLogo";
import "./Layout.css";

/**
 * Default layout (SPEC §2): the top banner, sticky header, the page, quick search, site map and footer. A visit
 * from an advertising link (the ad-UTM state) gets the reduced page: no quick search, site map, footer or burger.
 */
export function DefaultLayout({ match, children }: { match: RouteMatch; children: ReactNode }) {
  const reduced = useBoot().ad.has_adv_utm;
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержанию
      </a>
      <ProgressBar />
      <TopBanner />
      <Header reduced={reduced} />
      <OfflineNotice />
      <main id="main" className="main">
        {children}
      </main>
      {!reduced && (
        <>
          {/* Each in a boundary of its own: one that throws is left to the browser, the page stands. */}
          <Suspense fallback={null}>
            <QuickSearch />
          </Suspense>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </>
      )}
      <ChatSlot match={match} enabled={match.route.layout === "default"} />
    </>
  );
}

/** Empty layout (SPEC §2): used for the error pages. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <ProgressBar />
      <header className="empty-header">
        <div className="container">
          <SiteLogo subtitle={false} />
        </div>
      </header>
      <main id="main" className="main main--empty">
        {children}
      </main>
    </>
  );
}

import { type ReactNode, Suspense } from "react";
import type { RouteMatch } from "../../shared/routes";
import { ChatSlot } from "../chat/ChatSlot";
import { QUICK_SEARCH } from "../pages";
import { AppLink } from "./AppLink";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { Logo } from "./icons";
import { OfflineNotice } from "./OfflineNotice";
import { ProgressBar } from "./ProgressBar";
import { SiteMap } from "./SiteMap";
import "./Layout.css";

/** Default layout (SPEC §2): sticky header, the page, quick search, site map and footer. */
export function DefaultLayout({ match, children }: { match: RouteMatch; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержанию
      </a>
      <ProgressBar />
      <Header />
      <OfflineNotice />
      <main id="main" className="main">
        {children}
      </main>
      <Suspense fallback={null}>
        <QUICK_SEARCH.Component />
      </Suspense>
      <SiteMap />
      <Footer />
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
          <AppLink to="/" className="header__logo" aria-label="На главную">
            <Logo />
            <span>Новостройки</span>
          </AppLink>
        </div>
      </header>
      <main id="main" className="main main--empty">
        {children}
      </main>
    </>
  );
}

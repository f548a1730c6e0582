import type { ReactNode } from "react";
import { COMPANY, type Mailbox } from "../../../shared/company-info";
import type { RouteMatch } from "../../../shared/routes";
import { useSiteOrigin } from "../../hooks/use-boot";
import { Breadcrumbs } from "../Breadcrumbs";
import { PageHead } from "../PageHead";
import "./legal.css";

export interface StaticPageProps {
  match: RouteMatch;
  title: string;
  description: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** A page of text: head with the canonical URL, breadcrumbs, the heading and a lead. */
export function StaticPage({ match, title, description, lead, children }: StaticPageProps) {
  return (
    <div className="page container static-page">
      <PageHead title={title} description={description} canonical={match.pathname} />
      <Breadcrumbs items={[{ label: title }]} />
      <h1>{title}</h1>
      {lead && <p className="static-page__lead">{lead}</p>}
      {children}
    </div>
  );
}

/** The site's host name: «novostroyki.example» (the legal texts and the company's mailboxes). */
function useSiteDomain(): string {
  return URL.parse(useSiteOrigin())?.hostname ?? "";
}

/** The site's host name, as the legal texts name the site: «novostroyki.example». */
export function SiteDomain() {
  return <>{useSiteDomain()}</>;
}

/** One of the company's mailboxes on the site's own domain: «privacy@novostroyki.example». */
export function Email({ box }: { box: Mailbox }) {
  const address = `${COMPANY.mailbox[box]}@${useSiteDomain()}`;
  return <a href={`mailto:${address}`}>{address}</a>;
}

import { SITE_NAME } from "../../shared/constants";
import { useSiteOrigin } from "../hooks/use-boot";

export interface PageHeadProps {
  title: string;
  description?: string;
  /** Slashed path of the canonical URL. */
  canonical?: string;
  noindex?: boolean;
}

/** Title, description, canonical and OpenGraph; React hoists them into <head> on the server and client. */
export function PageHead({ title, description, canonical, noindex }: PageHeadProps) {
  const origin = useSiteOrigin();
  const full = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  return (
    <>
      <title>{full}</title>
      {description && <meta name="description" content={description} />}
      {canonical && <link rel="canonical" href={`${origin}${canonical}`} />}
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      {canonical && <meta property="og:url" content={`${origin}${canonical}`} />}
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="ru_RU" />
      <meta property="og:site_name" content={SITE_NAME} />
    </>
  );
}

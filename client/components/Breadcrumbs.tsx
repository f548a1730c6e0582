import { useSiteOrigin } from "../hooks/use-boot";
import { AppLink } from "./AppLink";
import { JsonLd } from "./JsonLd";
import "./Breadcrumbs.css";

export interface Crumb {
  label: string;
  /** Slashed path; the last crumb (the current page) has none. */
  to?: string;
}

/** Breadcrumbs with schema.org BreadcrumbList JSON-LD; «Главная» comes first by itself. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const origin = useSiteOrigin();
  const all: Crumb[] = [{ label: "Главная", to: "/" }, ...items];
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.label,
      ...(c.to ? { item: `${origin}${c.to}` } : {}),
    })),
  };
  return (
    <nav className="breadcrumbs" aria-label="Хлебные крошки">
      <ol>
        {all.map((c) => (
          <li key={`${c.label}${c.to ?? ""}`}>
            {c.to ? <AppLink to={c.to}>{c.label}</AppLink> : <span aria-current="page">{c.label}</span>}
          </li>
        ))}
      </ol>
      <JsonLd data={jsonLd} />
    </nav>
  );
}

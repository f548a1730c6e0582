import { useBoot } from "../hooks/use-boot";
import { AppLink } from "./AppLink";

export function SiteMap() {
  const { siteMap } = useBoot().menus;
  return (
    <nav id="sitemap" className="sitemap" aria-label="Карта сайта">
      <div className="container sitemap__grid">
        {siteMap.map((col) => (
          <div key={col.title}>
            <p className="sitemap__title">{col.title}</p>
            <ul>
              {col.links.map((l) => (
                <li key={l.to}>
                  <AppLink to={l.to}>{l.label}</AppLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

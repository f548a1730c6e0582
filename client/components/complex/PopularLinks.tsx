import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { SEO_FILTERS } from "../../../shared/seo-filters";
import { AppLink } from "../AppLink";
import { stationName, stationPath } from "./text";
import "./complex.css";

/** «Популярные страницы»: the named listings (shared/seo-filters.ts) and the places around this complex. */
export default function PopularLinks({ complex }: { complex: ComplexDetail }) {
  const links = [
    ...SEO_FILTERS.map((f) => ({ to: `/novostroyki/${f.path}/`, label: f.h1 })),
    { to: "/kvartiry/studii/", label: "Квартиры-студии" },
    { to: "/kvartiry/odnokomnatnye/", label: "Однокомнатные квартиры" },
    { to: "/kvartiry/dvuhkomnatnye/", label: "Двухкомнатные квартиры" },
    ...complex.stations.map((s) => ({ to: stationPath(s), label: `Новостройки у ${stationName(s)}` })),
    ...(complex.district
      ? [
          {
            to: `/po-rajonam/${complex.district.slug}/`,
            label: `Новостройки в районе ${complex.district.name}`,
          },
        ]
      : []),
    { to: `/companies/developers/${complex.developer.slug}/`, label: `Застройщик ${complex.developer.name}` },
  ];
  return (
    <nav className="cx-section cx-popular" aria-labelledby="popular-title">
      <h2 id="popular-title">Популярные страницы</h2>
      <ul className="cx-popular__list">
        {links.map((l) => (
          <li key={l.to}>
            <AppLink to={l.to} className="chip">
              {l.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

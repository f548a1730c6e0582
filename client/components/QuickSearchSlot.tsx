import { href } from "../../shared/routes";
import { AppLink } from "./AppLink";

const TABS = [
  { type: "po-metro", label: "Метро" },
  { type: "po-rajonam", label: "Районы" },
  { type: "po-shosse", label: "Шоссе" },
  { type: "mck", label: "МЦК" },
  { type: "mcd", label: "МЦД" },
  { type: "po-gorodam", label: "Города" },
  { type: "po-rajonam-mo", label: "Районы области" },
  { type: "po-okrugam", label: "Округа Москвы" },
] as const;

/** The quick-search block of the default layout: one entry per location type. */
export function QuickSearchSlot() {
  return (
    <section className="quick-search" aria-labelledby="quick-search-title">
      <div className="container">
        <h2 id="quick-search-title" className="quick-search__title">
          Быстрый поиск новостроек
        </h2>
        <ul className="quick-search__tabs">
          {TABS.map((t) => (
            <li key={t.type}>
              <AppLink className="chip" to={href("by-location-type", { type: t.type })}>
                {t.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

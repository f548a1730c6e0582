import { useState } from "react";
import { apiKeys } from "../../../shared/api-keys";
import type { LocationType } from "../../../shared/constants";
import { LOCATION_TYPE_DEFS } from "../../../shared/location-types";
import { href } from "../../../shared/routes";
import { useApi } from "../../hooks/use-api";
import { AlphabetList } from "./AlphabetList";
import "./catalogue.css";

const TABS: LocationType[] = [
  "po-metro",
  "po-rajonam",
  "po-shosse",
  "mck",
  "mcd",
  "po-gorodam",
  "po-rajonam-mo",
  "po-okrugam",
];

/**
 * The quick search of the default layout (SPEC §2): a tab per location type, each an alphabet list of places
 * with their counts; «Посмотреть все» leads to the type's page. Tabs are links, so it works without
 * JavaScript; with it a tab's list loads in place, the first time it is opened.
 */
export default function QuickSearch() {
  const [tab, setTab] = useState<LocationType | null>(null);
  const def = tab ? LOCATION_TYPE_DEFS[tab] : null;
  const { data, error } = useApi(def ? apiKeys.places(def) : null);
  return (
    <section className="quick-search" aria-labelledby="quick-search-title">
      <div className="container">
        <h2 id="quick-search-title" className="quick-search__title">
          Быстрый поиск новостроек
        </h2>
        <div className="quick-search__tabs" role="tablist" aria-label="Где искать">
          {TABS.map((t) => (
            <a
              key={t}
              href={href("by-location-type", { type: t })}
              role="tab"
              aria-selected={tab === t}
              className={`chip${tab === t ? " chip--active" : ""}`}
              onClick={(e) => {
                e.preventDefault();
                setTab(tab === t ? null : t);
              }}
            >
              {LOCATION_TYPE_DEFS[t].label}
            </a>
          ))}
        </div>
        {tab && (
          <div className="quick-search__panel" role="tabpanel" aria-label={LOCATION_TYPE_DEFS[tab].title}>
            {error && (
              <p role="alert">Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз.</p>
            )}
            {!data && !error && <p className="quick-search__loading">Загружаем список…</p>}
            {data && (
              <AlphabetList
                key={tab}
                items={data.data.filter((i) => i.rc_count > 0)}
                hrefOf={(i) => href("by-location-type-slug", { type: tab, slug: i.slug })}
                moreHref={href("by-location-type", { type: tab })}
                limitGroups={2}
              />
            )}
          </div>
        )}
      </div>
    </section>
  );
}

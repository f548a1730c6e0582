import { useMemo, useRef } from "react";
import { apiKeys } from "../../shared/api-keys";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { countOf, WORDS } from "../../shared/format";
import { ownQuery } from "../../shared/listing";
import type { ComplexMap } from "../../shared/schemas/map";
import { findSeoFilter } from "../../shared/seo-filters";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { countSet, FilterForm } from "../components/catalogue/FilterForm";
import { Listing } from "../components/catalogue/Listing";
import { CatalogueMap } from "../components/map/CatalogueMap";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

/** The page's text: the menu's named listing «На карте». */
const TEXT = findSeoFilter("na-karte")!;
/** The map has no base filter: all of Moscow and the region. */
const NO_BASE: CatalogueFilter = {};

/** «Новостройки на карте»: the filter, the map of every matching complex, and the same list below it. */
export default function MapPage({ match }: PageProps) {
  // One object per URL: the form resets its draft when its value changes, not whenever the map's data does.
  const query = useMemo(() => ownQuery(match.search), [match.search]);
  const own = query.filter;
  const { data: fresh, error, isLoading } = useApi<ComplexMap>(apiKeys.complexMap(own));
  // Another filter's points load while the current ones stay on the map, dimmed. (Not SWR's
  // keepPreviousData: for a key answered by the server's fallback it would keep the old points for good.)
  const last = useRef<ComplexMap | undefined>(undefined);
  if (fresh) last.current = fresh;
  const map = fresh ?? (isLoading ? last.current : undefined);
  const total = map?.points.length ?? 0;
  return (
    <div className="page container">
      <PageHead
        title={TEXT.title}
        description={TEXT.description}
        canonical={match.pathname}
        noindex={countSet(own) > 1 || query.page > 1}
      />
      <Breadcrumbs items={[{ label: "Новостройки", to: "/novostroyki/" }, { label: TEXT.h1 }]} />
      <h1>{TEXT.h1}</h1>
      <FilterForm base={NO_BASE} value={own} sort={query.sort} total={total} action={match.pathname} />
      <section className="map-page" aria-label="Карта">
        <p className="map-page__count" aria-live="polite">
          {map ? `На карте ${countOf(total, WORDS.complex)}` : "Загружаем карту…"}
        </p>
        {error && !map && (
          <p className="listing__error" role="alert">
            Не удалось загрузить карту. Проверьте соединение и попробуйте ещё раз.
          </p>
        )}
        {map && <CatalogueMap map={map} busy={map !== fresh} />}
      </section>
      <Listing path={match.pathname} query={query} base={NO_BASE} own={own} withFilter={false} />
    </div>
  );
}

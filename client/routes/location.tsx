import { apiKeys } from "../../shared/api-keys";
import type { LocationType } from "../../shared/constants";
import { filterKeys } from "../../shared/filter-keys";
import { countOf, WORDS } from "../../shared/format";
import { shouldIndex } from "../../shared/indexing";
import { filterFormKeys, listingQuery, locationBase, ownQuery } from "../../shared/listing";
import { LOCATION_TYPE_DEFS } from "../../shared/location-types";
import { locationHeading, type PlaceNames, placeIn, placeNewBuilds } from "../../shared/locations";
import { pageData } from "../../shared/page-data";
import { AppLink } from "../components/AppLink";
import { FollowButton, searchOf } from "../components/alerts/FollowButton";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Filter } from "../components/catalogue/Filter";
import { Listing } from "../components/catalogue/Listing";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

/** The place (an unknown one is a 404), the list of complexes there and its form's lists. */
export const data = pageData({
  keys(match) {
    const def = LOCATION_TYPE_DEFS[match.params.type as LocationType];
    const q = listingQuery(match, locationBase(match));
    return {
      place: apiKeys.location(def.api, match.params.slug ?? "", def.kind),
      list: q ? filterKeys.complexes(q) : undefined,
      ...filterFormKeys(locationBase(match) ?? {}, ownQuery(match.search).filter),
    };
  },
});

export default function LocationPage({ match }: PageProps) {
  const type = match.params.type as LocationType;
  const def = LOCATION_TYPE_DEFS[type];
  const keys = data.keys(match);
  const place = useApi(keys.place).data?.data;
  const base = locationBase(match);
  const query = listingQuery(match, base);
  const own = ownQuery(match.search).filter;
  const h1 = place ? locationHeading(type, place) : def.title;
  // A place with nothing on sale says so, and is not offered to search engines (nor linked from its lists or
  // the sitemap: both leave out places whose rc_count is 0).
  const empty = place?.rc_count === 0;
  return (
    <div className="page container">
      <PageHead
        title={`${h1} — цены от застройщиков`}
        description={
          place &&
          (empty
            ? `${h1}: сейчас в продаже нет жилых комплексов. Новостройки рядом — в каталоге и на карте.`
            : `${placeNewBuilds(type, place)}: ${countOf(place.rc_count, WORDS.residentialComplex)} с ценами, планировками и сроками сдачи. Квартиры от застройщиков, ипотека, отделка.`)
        }
        canonical={match.pathname}
        noindex={empty || !shouldIndex(base, match.search)}
      />
      <Breadcrumbs
        items={[
          { label: "Новостройки", to: "/novostroyki/" },
          { label: def.title, to: `/${type}/` },
          { label: place?.name ?? "" },
        ]}
      />
      <h1>
        {place?.hex_color && (
          <span className="line-dot" style={{ background: place.hex_color }} aria-hidden="true" />
        )}
        {h1}
      </h1>
      <FollowButton follow={searchOf(match)} label="Сохранить поиск" />
      {empty && !Object.keys(own).length ? (
        <EmptyPlace type={type} place={place} />
      ) : (
        query &&
        keys.list && (
          <Listing
            path={match.pathname}
            query={query}
            list={keys.list}
            base={base ?? {}}
            own={own}
            form={Filter}
          />
        )
      )}
    </div>
  );
}

/** What a place with nothing on sale shows instead of an empty list: the truth, and where to look instead. */
function EmptyPlace({ type, place }: { type: LocationType; place: PlaceNames }) {
  const def = LOCATION_TYPE_DEFS[type];
  return (
    <section className="empty-place" aria-labelledby="empty-place-title">
      <h2 id="empty-place-title">Сейчас здесь нет новостроек в продаже</h2>
      <p>
        {`В нашем каталоге нет жилых комплексов, которые продают квартиры ${placeIn(type, place)}. Когда они появятся, они будут на этой странице.`}
      </p>
      <ul className="empty-place__links">
        <li>
          <AppLink to={`/${type}/`}>{`${def.title}: места, где они есть`}</AppLink>
        </li>
        <li>
          <AppLink to="/novostroyki/">Все новостройки Москвы и Подмосковья</AppLink>
        </li>
        <li>
          <AppLink to="/novostroyki/na-karte/">Новостройки на карте</AppLink>
        </li>
      </ul>
    </section>
  );
}

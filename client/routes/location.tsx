import { apiKeys } from "../../shared/api-keys";
import type { LocationType } from "../../shared/constants";
import { filterKeys } from "../../shared/filter-keys";
import { shouldIndex } from "../../shared/indexing";
import { filterFormKeys, listingQuery, locationBase, ownQuery } from "../../shared/listing";
import { LOCATION_TYPE_DEFS, locationHeading } from "../../shared/locations";
import { pageData } from "../../shared/page-data";
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
  const h1 = place
    ? locationHeading(type, place.name, place.kind ?? undefined, place.name_in ?? undefined)
    : def.title;
  return (
    <div className="page container">
      <PageHead
        title={`${h1} — цены от застройщиков`}
        description={`${h1}: ${place?.rc_count ?? ""} жилых комплексов с ценами, планировками и сроками сдачи. Квартиры от застройщиков, ипотека, отделка.`}
        canonical={match.pathname}
        noindex={!shouldIndex(base, match.search)}
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
      {query && keys.list && (
        <Listing
          path={match.pathname}
          query={query}
          list={keys.list}
          base={base ?? {}}
          own={own}
          form={Filter}
        />
      )}
    </div>
  );
}

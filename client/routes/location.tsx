import { apiKeys } from "../../shared/api-keys";
import type { LocationType } from "../../shared/constants";
import { shouldIndex } from "../../shared/indexing";
import { baseFilterOf, listingQuery, ownQuery } from "../../shared/listing";
import { LOCATION_TYPE_DEFS, locationHeading } from "../../shared/locations";
import type { LocationItem } from "../../shared/schemas/locations";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Listing } from "../components/catalogue/Listing";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

export default function LocationPage({ match }: PageProps) {
  const type = match.params.type as LocationType;
  const def = LOCATION_TYPE_DEFS[type];
  const { data } = useApi<{ data: LocationItem }>(
    apiKeys.location(def.api, match.params.slug ?? "", def.kind),
  );
  const place = data?.data;
  const query = listingQuery(match);
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
        noindex={!shouldIndex(match.pathname, match.search)}
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
      {query && <Listing path={match.pathname} query={query} base={baseFilterOf(match) ?? {}} own={own} />}
    </div>
  );
}

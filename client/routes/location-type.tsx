import { apiKeys } from "../../shared/api-keys";
import type { LocationType } from "../../shared/constants";
import { formatNumber, outOf, WORDS_GENITIVE } from "../../shared/format";
import { LOCATION_TYPE_DEFS } from "../../shared/location-types";
import { pageData } from "../../shared/page-data";
import { href } from "../../shared/routes";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { AlphabetList } from "../components/catalogue/AlphabetList";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

/** Every place of the type. */
export const data = pageData({
  keys(match) {
    const def = LOCATION_TYPE_DEFS[match.params.type as LocationType];
    return { places: apiKeys.places(def) };
  },
});

export default function LocationTypePage({ match }: PageProps) {
  const type = match.params.type as LocationType;
  const def = LOCATION_TYPE_DEFS[type];
  const items = useApi(data.keys(match).places).data?.data ?? [];
  const withComplexes = items.filter((i) => i.rc_count > 0).length;
  return (
    <div className="page container">
      <PageHead
        title={`${def.title} — каталог ЖК`}
        description={`${def.title}: выберите место и смотрите жилые комплексы рядом с ценами, планировками и сроками сдачи.`}
        canonical={match.pathname}
      />
      <Breadcrumbs items={[{ label: "Новостройки", to: "/novostroyki/" }, { label: def.title }]} />
      <h1>{def.title}</h1>
      <p className="page-lead">
        {`Новостройки в продаже есть у ${formatNumber(withComplexes)} ${outOf(items.length, WORDS_GENITIVE.place)}. Число рядом с названием — сколько жилых комплексов мы знаем поблизости.`}
      </p>
      <AlphabetList
        items={items}
        letterLevel={2}
        hrefOf={(i) => href("by-location-type-slug", { type, slug: i.slug })}
      />
    </div>
  );
}

/**
 * The complex page below its first screen (client/routes/complex.tsx): facts, trust, the apartments' filter and
 * list, houses and chessboard, mortgage offers, location map, similar complexes, popular links and the page's
 * schema.org data. One lazy part (parts.ts SECTIONS), rendered in a `<Suspense>`: the server's HTML stays as
 * it is while the page hydrates, and the browser loads this code after the first paint. It reads the keys its
 * page declared (the page's `data`), so hydrating it asks the API for nothing.
 */
import { apartmentQueryOf } from "../../../shared/filters/apartments";
import { formatPrice } from "../../../shared/format";
import { COMPLEX_APARTMENTS_PER_PAGE, houseIdOf } from "../../../shared/page-keys";
import type { RouteMatch } from "../../../shared/routes";
import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { useApi } from "../../hooks/use-api";
import type { data } from "../../routes/complex";
import { AppLink } from "../AppLink";
import { ApartmentFilters } from "../apartment/ApartmentFilters";
import { ApartmentList } from "../apartment/ApartmentList";
import MortgageSnippet from "../apartment/MortgageSnippet";
import { RoomGroups } from "../apartment/RoomGroups";
import { apartmentTitle } from "../apartment/text";
import { CommuteRoute } from "./CommuteRoute";
import ComplexCards from "./ComplexCard";
import ComplexJsonLd from "./ComplexJsonLd";
import { Construction } from "./Construction";
import { Facts } from "./Facts";
import Houses from "./Houses";
import LocationMap from "./LocationMap";
import { linkTo } from "./link-to";
import PopularLinks from "./PopularLinks";
import { StationList } from "./Stations";
import { Trust } from "./Trust";
import { complexTitle, mortgageRegion } from "./text";

export interface ComplexSectionsProps {
  match: RouteMatch;
  complex: ComplexDetail;
  /** The page's data (its keys), which the page passes: the same object on every render. */
  page: typeof data;
}

export default function ComplexSections({ match, complex: c, page }: ComplexSectionsProps) {
  const keys = page.keys(match);
  const list = useApi(keys.apartments);
  const groups = useApi(keys.groups);
  const similar = useApi(keys.similar);
  const more = page.more(match, { complex: c });
  const developer = useApi(more.developer);
  const title = complexTitle(c.name);
  const query = apartmentQueryOf(match.search, COMPLEX_APARTMENTS_PER_PAGE, { complex: c.id });
  const house = houseIdOf(match.search);
  const keep: Record<string, string> = house === null ? {} : { korpus: String(house) };
  const to = (changes: Record<string, string | null>, hash: string) =>
    linkTo(c.url, match.search, changes, hash);
  const activeRooms = query.filter.rooms ?? [];
  const cheapest = query.sort === "price asc" && query.page === 1 ? list.data?.data[0] : undefined;
  const filtered = Object.keys(query.filter).length > 1;
  const others = (developer.data?.data ?? []).filter((x) => x.id !== c.id).slice(0, 6);
  return (
    <>
      <ComplexJsonLd complex={c} />
      <section className="cx-section" aria-labelledby="o-zhk">
        <h2 id="o-zhk">О ЖК</h2>
        <Facts complex={c} />
        <p className="complex-about">{c.description}</p>
      </section>

      <section className="cx-section" aria-labelledby="dokumenty">
        <h2 id="dokumenty">Документы и надёжность</h2>
        <Trust
          trust={c.trust}
          record={c.developer_record}
          developer={<AppLink to={`/companies/developers/${c.developer.slug}/`}>{c.developer.name}</AppLink>}
        />
      </section>

      <section className="cx-section" aria-labelledby="kvartiry">
        <h2 id="kvartiry">Квартиры в {title}</h2>
        <RoomGroups
          groups={groups.data?.data ?? []}
          active={activeRooms}
          hrefOf={(rooms) =>
            to(
              {
                rooms: activeRooms.length === 1 && activeRooms[0] === rooms ? null : String(rooms),
                page: null,
              },
              "kvartiry",
            )
          }
        />
        <ApartmentFilters
          action={`${c.url}#kvartiry`}
          query={query}
          total={list.data?.total ?? 0}
          rooms={(list.data?.filters.room_types ?? []).map((r) => ({
            id: r.rooms,
            label: r.label,
            count: r.count,
          }))}
          houses={(list.data?.filters.houses ?? []).map((h) => ({ id: h.id, label: h.name }))}
          keep={keep}
        />
        <ApartmentList
          list={list.data}
          busy={list.isValidating}
          error={list.error}
          showComplex={false}
          hrefOf={(page) => to({ page: page > 1 ? String(page) : null }, "kvartiry")}
          resetTo={`${c.url}#kvartiry`}
        />
        <p>
          <AppLink to={`/kvartiry/novostroyka/${c.slug}/`}>Все квартиры {title} на одной странице</AppLink>
        </p>
      </section>

      <section className="cx-section" aria-labelledby="shahmatka">
        <h2 id="shahmatka">Корпуса и шахматка</h2>
        <Houses
          houses={c.houses}
          selected={house}
          stats={more.house}
          hrefOf={(id) => to({ korpus: String(id) }, "shahmatka")}
        />
      </section>

      <section className="cx-section" aria-labelledby="hod-stroitelstva">
        <h2 id="hod-stroitelstva">Ход строительства</h2>
        <Construction houses={c.construction} />
      </section>

      <section className="cx-section" aria-labelledby="ipoteka">
        <h2 id="ipoteka">Ипотека</h2>
        <MortgageSnippet
          price={cheapest?.price ?? c.min_price}
          region={mortgageRegion(c.region)}
          about={
            cheapest ? (
              <>
                Платёж за{" "}
                {filtered ? "самую доступную квартиру по вашему фильтру" : "самую доступную квартиру в ЖК"} —{" "}
                <AppLink to={cheapest.url}>{apartmentTitle(cheapest).toLowerCase()}</AppLink> за{" "}
                {formatPrice(cheapest.price)}.
              </>
            ) : (
              `Платёж за самую доступную квартиру в ЖК — за ${formatPrice(c.min_price)}.`
            )
          }
        />
      </section>

      <section className="cx-section" aria-labelledby="na-karte">
        <h2 id="na-karte">Расположение</h2>
        <div className="cx-location">
          <LocationMap name={title} lat={c.lat} lng={c.lng} stations={c.stations} />
          <div>
            <p>{c.address}</p>
            <StationList stations={c.stations} />
            <CommuteRoute complexId={c.id} />
          </div>
        </div>
      </section>

      <ComplexCards id="similar-title" title="Похожие ЖК" complexes={similar.data?.data ?? []} />
      <ComplexCards
        id="developer-title"
        title={`Другие ЖК застройщика ${c.developer.name}`}
        complexes={others}
      />
      <PopularLinks complex={c} />
    </>
  );
}

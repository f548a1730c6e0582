/**
 * The apartments pages: `/kvartiry/` (all apartments on sale, or one room type by its slug),
 * and `/kvartiry/novostroyka/{complex}/` (one complex, grouped by room type). What a URL shows is
 * shared/page-keys.ts apartmentsView; one apartment is a page of its own (apartment.tsx).
 */
import { apartmentKeys } from "../../shared/apartment-keys";
import { apiKeys } from "../../shared/api-keys";
import { ROOM_LABELS, ROOMS } from "../../shared/codes";
import { apartmentUrlQuery } from "../../shared/filters/apartments";
import { countOf, deadlineLine, WORDS } from "../../shared/format";
import { pageData } from "../../shared/page-data";
import { type ApartmentsView, apartmentsListQuery, apartmentsView } from "../../shared/page-keys";
import { AppLink } from "../components/AppLink";
import { FollowButton, searchOf } from "../components/alerts/FollowButton";
import { ApartmentFilters } from "../components/apartment/ApartmentFilters";
import { ApartmentList } from "../components/apartment/ApartmentList";
import { ComplexArt } from "../components/apartment/ComplexArt";
import { RoomGroups } from "../components/apartment/RoomGroups";
import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs";
import { StationList } from "../components/complex/Stations";
import { complexTitle } from "../components/complex/text";
import { useHashScroll } from "../components/complex/use-hash-scroll";
import { PageHead } from "../components/PageHead";
import { PageLoading } from "../components/PageLoading";
import { useApi } from "../hooks/use-api";
import { ApiError } from "../http";
import type { PageProps } from "../pages";

/**
 * A list: of a complex (with its room types and the complex itself) or of a room type. An unknown slug is looked
 * up as an apartment, which the API refuses: the page is a 404 like any page whose data is missing.
 */
export const data = pageData({
  keys(match) {
    const view = apartmentsView(match);
    const complex = view.missing === undefined ? view.complex : undefined;
    return {
      missing: view.missing === undefined ? undefined : apiKeys.apartment(view.missing),
      list:
        view.missing === undefined ? apartmentKeys.apartments(apartmentsListQuery(match, view)) : undefined,
      groups: complex === undefined ? undefined : apiKeys.apartmentGroups(complex),
      complex: complex === undefined ? undefined : apiKeys.complex(complex),
    };
  },
  canonical: (_, { complex }) => (complex ? `/kvartiry/novostroyka/${complex.slug}/` : null),
});

export default function ApartmentsPage({ match }: PageProps) {
  const view = apartmentsView(match);
  if (view.missing !== undefined) throw new ApiError(404, "Страница не найдена");
  return <ListPage match={match} view={view} />;
}

/** Headings of the room-type pages, by rooms code. */
const ROOM_PAGES: Record<number, { h1: string; crumb: string }> = {
  0: { h1: "Квартиры-студии в новостройках", crumb: "Студии" },
  1: { h1: "Однокомнатные квартиры в новостройках", crumb: "Однокомнатные" },
  2: { h1: "Двухкомнатные квартиры в новостройках", crumb: "Двухкомнатные" },
  3: { h1: "Трёхкомнатные квартиры в новостройках", crumb: "Трёхкомнатные" },
  4: { h1: "Четырёхкомнатные квартиры в новостройках", crumb: "Четырёхкомнатные" },
};
const ALL_TITLE = "Квартиры в новостройках Москвы и Подмосковья";

function ListPage({ match, view }: PageProps & { view: ApartmentsView }) {
  const keys = data.keys(match);
  const list = useApi(keys.list);
  const groups = useApi(keys.groups);
  const complex = useApi(keys.complex);
  useHashScroll();
  if (complex.error) throw complex.error;
  const c = complex.data;
  if (view.complex !== undefined && !c) return <PageLoading />;

  const query = apartmentsListQuery(match, view);
  const roomPage = view.rooms !== undefined ? ROOM_PAGES[view.rooms] : undefined;
  const path = c ? `/kvartiry/novostroyka/${c.slug}/` : roomPage ? match.pathname : "/kvartiry/";
  const h1 = c ? `Квартиры в ${complexTitle(c.name)}` : (roomPage?.h1 ?? ALL_TITLE);
  const crumbs: Crumb[] = c
    ? [
        { label: "Квартиры", to: "/kvartiry/" },
        { label: complexTitle(c.name), to: c.url },
        { label: "Все квартиры" },
      ]
    : roomPage
      ? [{ label: "Квартиры", to: "/kvartiry/" }, { label: roomPage.crumb }]
      : [{ label: "Квартиры" }];
  const total = list.data?.total ?? 0;
  const page = query.page;
  const pageHref = (p: number) => {
    const next = new URLSearchParams(match.search);
    if (p > 1) next.set("page", String(p));
    else next.delete("page");
    const q = next.toString();
    return `${path}${q ? `?${q}` : ""}`;
  };
  const rooms = c
    ? (list.data?.filters.room_types ?? []).map((r) => ({ id: r.rooms, label: r.label, count: r.count }))
    : ROOMS.map((r) => ({ id: r, label: ROOM_LABELS[r] ?? "" }));
  const active = query.filter.rooms ?? [];

  return (
    <div className="page container">
      <PageHead
        title={`${h1}${page > 1 ? ` — страница ${page}` : ""}`}
        description={
          c
            ? `${countOf(c.apartments_on_sale, WORDS.apartment)} в ${complexTitle(c.name)} от застройщика ${c.developer.name}: планировки, цены, этажи, отделка и сроки сдачи.`
            : `${h1}: ${countOf(total, WORDS.apartment)} от застройщиков с планировками и ценами. Фильтры по площади, цене, этажу и отделке.`
        }
        canonical={page > 1 ? `${path}?page=${page}` : path}
      />
      <Breadcrumbs items={crumbs} />
      <h1>{h1}</h1>
      <FollowButton follow={searchOf(match)} label="Сохранить поиск" />
      {c ? (
        <div className="apt-complex">
          <ComplexArt complex={c} />
          <div>
            <p className="apt-complex__name">
              <AppLink to={c.url}>{complexTitle(c.name)}</AppLink> · {c.class_name} ·{" "}
              {deadlineLine(c.deadline)}
            </p>
            <p className="cx-muted">{c.address}</p>
            <StationList stations={c.stations} />
          </div>
        </div>
      ) : (
        <p className="apt-intro">
          {countOf(total, WORDS.apartment)} в продаже в новостройках от застройщиков.
        </p>
      )}
      {c && (
        <RoomGroups
          groups={groups.data?.data ?? []}
          active={active}
          hrefOf={(r) =>
            active.length === 1 && active[0] === r ? path : `${path}${apartmentUrlQuery({ rooms: [r] })}`
          }
        />
      )}
      <ApartmentFilters
        action={c ? path : "/kvartiry/"}
        query={query}
        total={total}
        rooms={rooms}
        houses={(list.data?.filters.houses ?? []).map((h) => ({ id: h.id, label: h.name }))}
      />
      <ApartmentList
        list={list.data}
        busy={list.isValidating}
        error={list.error}
        showComplex={!c}
        hrefOf={pageHref}
        resetTo={path}
      />
    </div>
  );
}

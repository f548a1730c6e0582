/** Loaders of apartments: the filtered list, the grouped view of a complex, one apartment, a house's chessboard. */
import { OTDELKA, ROOM_LABELS, STATUSES } from "../../shared/codes";
import { APARTMENT_SORTS } from "../../shared/constants";
import type { ApartmentQuery } from "../../shared/filters/apartments";
import type {
  ApartmentDetail,
  HouseStats,
  LivingObject,
  LivingObjectList,
  RoomGroup,
} from "../../shared/schemas/catalogue";
import { listPriceHistory } from "../db/queries/change-events";
import { getComplex, listHouses } from "../db/queries/complexes";
import {
  getApartment,
  type LivingObjectRow,
  listApartments,
  listApartmentsByIds,
  listHouseCells,
  listRoomGroups,
} from "../db/queries/living-objects";
import { deadlineOf, houseOf } from "./complexes";
import { type Deps, once } from "./deps";
import { pageMeta } from "./pagination";

export const apartmentUrl = (id: number) => `/kvartiry/kvartira-${id}/`;
const complexRef = (c: { id: number; name: string; slug: string }) => ({
  ...c,
  url: `/novostroyki/${c.slug}/`,
});

function toLivingObject(r: LivingObjectRow): LivingObject {
  return {
    id: r.id,
    url: apartmentUrl(r.id),
    complex: complexRef({ id: r.complex_id, name: r.complex_name, slug: r.complex_slug }),
    house: { id: r.house_id, name: r.house_name },
    section: r.section,
    floor: r.floor,
    floors: r.floors,
    number: r.number,
    rooms: r.rooms,
    rooms_label: ROOM_LABELS[r.rooms] ?? "",
    area_total: r.area_total,
    area_living: r.area_living,
    area_kitchen: r.area_kitchen,
    price: r.price,
    price_m2: r.price_m2,
    otdelka: r.otdelka,
    otdelka_name: OTDELKA[r.otdelka as keyof typeof OTDELKA] ?? "",
    status: r.status,
    status_name: STATUSES[r.status as keyof typeof STATUSES] ?? "",
    plan: r.plan,
    deadline: deadlineOf(r.deadline_year, r.deadline_quarter, r.is_finished === 1),
  };
}

/** The list; null when the complex filter names no complex, or for a page past the last. */
export async function loadApartments(deps: Deps, q: ApartmentQuery): Promise<LivingObjectList | null> {
  const complexId = q.filter.complex;
  const [complex, list, houses, groups] = await Promise.all([
    complexId !== undefined ? once(deps, getComplex, complexId) : null,
    listApartments(deps.db, q),
    complexId !== undefined ? once(deps, listHouses, complexId) : [],
    complexId !== undefined ? once(deps, listRoomGroups, complexId) : [],
  ]);
  const meta = pageMeta(
    list.total,
    { page: q.page, per_page: q.perPage },
    { sort: q.sort, sorts: APARTMENT_SORTS },
  );
  if ((complexId !== undefined && !complex) || !meta) return null;
  return {
    data: list.rows.map(toLivingObject),
    ...meta,
    residential_complex: complex ? complexRef(complex) : null,
    filters: {
      houses: houses.map((h) => ({ id: h.id, name: h.name })),
      room_types: groups.map((g) => ({ rooms: g.rooms, label: ROOM_LABELS[g.rooms] ?? "", count: g.count })),
    },
  };
}

export async function loadRoomGroups(deps: Deps, complexId: number): Promise<{ data: RoomGroup[] } | null> {
  const complex = await once(deps, getComplex, complexId);
  if (!complex) return null;
  const groups = await once(deps, listRoomGroups, complexId);
  return { data: groups.map((g) => ({ ...g, label: ROOM_LABELS[g.rooms] ?? "" })) };
}

/** Apartments in the order of `ids`; unknown ids are left out. */
export async function loadApartmentsByIds(deps: Deps, ids: number[]): Promise<{ data: LivingObject[] }> {
  const byId = new Map((await listApartmentsByIds(deps.db, ids)).map((r) => [r.id, toLivingObject(r)]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []) };
}

export async function loadApartment(deps: Deps, id: number): Promise<ApartmentDetail | null> {
  const [row, prices] = await Promise.all([getApartment(deps.db, id), listPriceHistory(deps.db, id)]);
  if (!row) return null;
  return {
    data: toLivingObject(row),
    price_history: prices.map((p) => ({ price: p.price, date: p.recorded_at })),
  };
}

export async function loadHouseStats(
  deps: Deps,
  complexId: number,
  houseId: number,
): Promise<HouseStats | null> {
  const [houses, cells] = await Promise.all([
    once(deps, listHouses, complexId),
    listHouseCells(deps.db, complexId, houseId),
  ]);
  const h = houses.find((x) => x.id === houseId);
  if (!h) return null;
  const floors = new Map<number, HouseStats["floors"][number]>();
  const counts = { on_sale: 0, reserved: 0, sold: 0 };
  for (const c of cells) {
    const row = floors.get(c.floor) ?? { floor: c.floor, cells: [] };
    row.cells.push({
      id: c.id,
      position: c.position,
      number: c.number,
      rooms: c.rooms,
      label: ROOM_LABELS[c.rooms] ?? "",
      area: c.area_total,
      price: c.price,
      status: c.status,
    });
    floors.set(c.floor, row);
    if (c.status === 1) counts.on_sale += 1;
    else if (c.status === 2) counts.reserved += 1;
    else counts.sold += 1;
  }
  return {
    house: houseOf(h),
    positions: h.per_floor,
    floors: [...floors.values()],
    counts,
  };
}

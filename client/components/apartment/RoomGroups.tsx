import { countOf, formatPriceFrom, WORDS } from "../../../shared/format";
import type { RoomGroup } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { areaRange } from "./text";
import "./apartment.css";

/** Apartments on sale by room type (grid-grouped): area, lowest price, how many; a row filters the list. */
export function RoomGroups({
  groups,
  active,
  hrefOf,
}: {
  groups: readonly RoomGroup[];
  active: readonly number[];
  hrefOf: (rooms: number) => string;
}) {
  if (!groups.length) return null;
  return (
    <table className="room-groups">
      <caption className="visually-hidden">Квартиры в продаже по числу комнат</caption>
      <thead>
        <tr>
          <th scope="col">Квартиры</th>
          <th scope="col">Площадь</th>
          <th scope="col">Цена</th>
          <th scope="col">В продаже</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.rooms} className={active.includes(g.rooms) ? "is-active" : undefined}>
            <th scope="row">
              <AppLink to={hrefOf(g.rooms)} aria-current={active.includes(g.rooms) ? "true" : undefined}>
                {g.label}
              </AppLink>
            </th>
            <td>{areaRange(g.min_area, g.max_area)}</td>
            <td className="room-groups__price">{formatPriceFrom(g.min_price)}</td>
            <td>{countOf(g.count, WORDS.apartment)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

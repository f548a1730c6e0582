/**
 * A house's chessboard (шахматка): floors × positions, each apartment coloured and labelled by its status
 * (the text says it too), with its rooms and short price, linking to its page. Loaded on demand with SWR;
 * until the first answer the board keeps the house's size, so nothing below it moves.
 */
import type { ApiKey } from "../../../shared/api-keys";
import { formatArea, formatPrice, formatPriceShort } from "../../../shared/format";
import type { ChessCell, House, HouseStats } from "../../../shared/schemas/catalogue";
import { useApi } from "../../hooks/use-api";
import { AppLink } from "../AppLink";
import { roomsShort } from "../apartment/text";
import "./complex.css";

const STATUS: Record<number, { name: string; className: string; short: string }> = {
  1: { name: "в продаже", className: "cx-chess__cell--sale", short: "" },
  2: { name: "бронь", className: "cx-chess__cell--reserved", short: "бронь" },
  3: { name: "продана", className: "cx-chess__cell--sold", short: "продана" },
};

function Cell({ cell, floor }: { cell: ChessCell; floor: number }) {
  const status = STATUS[cell.status] ?? (STATUS[3] as (typeof STATUS)[number]);
  return (
    <AppLink
      to={`/kvartiry/kvartira-${cell.id}/`}
      className={`cx-chess__cell ${status.className}`}
      aria-label={`Квартира ${cell.number}, ${cell.label}, ${formatArea(cell.area)}, ${floor} этаж, ${formatPrice(cell.price)}, ${status.name}`}
    >
      <span className="cx-chess__rooms">{roomsShort(cell.rooms)}</span>
      <span className="cx-chess__price">
        {status.short || formatPriceShort(cell.price).replace(/\u00a0₽$/, "")}
      </span>
    </AppLink>
  );
}

/** The board of `house`, whose statistics `stats` names (the complex page's data). */
export function Chessboard({ stats, house }: { stats: ApiKey<HouseStats>; house: House }) {
  const { data, error, isLoading } = useApi(stats);
  if (error) {
    return (
      <p className="cx-notice" role="alert">
        Не удалось загрузить шахматку. Проверьте соединение и попробуйте ещё раз.
      </p>
    );
  }
  // While another house loads, the previous board stays, dimmed.
  const stale = !data || data.house.id !== house.id;
  const positions = house.per_floor;
  // Every floor has its row, apartments on sale or not: the board keeps the house's shape.
  const cellsOf = new Map(data && !stale ? data.floors.map((f) => [f.floor, f.cells]) : []);
  const floors = Array.from({ length: house.floors }, (_, i) => house.floors - i).map((floor) => ({
    floor,
    cells: cellsOf.get(floor) ?? [],
  }));
  const counts = data && !stale ? data.counts : null;
  return (
    <div className="cx-chess" aria-busy={isLoading || stale}>
      <ul className="cx-chess__legend">
        <li>
          <span className="cx-chess__swatch cx-chess__cell--sale" aria-hidden="true" />В продаже
          {counts && ` — ${counts.on_sale}`}
        </li>
        <li>
          <span className="cx-chess__swatch cx-chess__cell--reserved" aria-hidden="true" />
          Бронь{counts && ` — ${counts.reserved}`}
        </li>
        <li>
          <span className="cx-chess__swatch cx-chess__cell--sold" aria-hidden="true" />
          Продана{counts && ` — ${counts.sold}`}
        </li>
      </ul>
      <div className="cx-chess__scroll">
        <table className={`cx-chess__table${stale ? " is-loading" : ""}`}>
          <caption className="visually-hidden">
            {house.name}: квартиры по этажам. Ст — студия, 1к–5к — число комнат, Св — свободная планировка.
          </caption>
          <tbody>
            {floors.map((row) => (
              <tr key={row.floor}>
                <th scope="row">{row.floor}</th>
                {Array.from({ length: positions }, (_, i) => {
                  const cell = row.cells.find((c) => c.position === i + 1);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a position on the floor is the cell's identity
                    <td key={i}>
                      {cell ? (
                        <Cell cell={cell} floor={row.floor} />
                      ) : (
                        <span className="cx-chess__cell cx-chess__cell--empty" />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

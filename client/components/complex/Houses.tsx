import type { ApiKey } from "../../../shared/api-keys";
import { countOf, WORDS } from "../../../shared/format";
import type { House, HouseStats } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { Chessboard } from "./Chessboard";
import "./complex.css";

/** The houses with their stage and deadline; the chosen one (`?korpus=…`, a link) shows its chessboard. */
export default function Houses({
  houses,
  selected,
  stats,
  hrefOf,
}: {
  houses: readonly House[];
  selected: number | null;
  /** The chosen house's chessboard data (the page's `house` key). */
  stats: ApiKey<HouseStats> | undefined;
  hrefOf: (houseId: number) => string;
}) {
  const house = houses.find((h) => h.id === selected);
  return (
    <>
      <ul className="house-tabs">
        {houses.map((h) => (
          <li key={h.id}>
            <AppLink
              to={hrefOf(h.id)}
              className="house-tab"
              aria-current={h.id === selected ? "true" : undefined}
              replace={selected !== null}
            >
              <span className="house-tab__name">{h.name}</span>{" "}
              <span>
                {countOf(h.floors, WORDS.floor)}
                {!h.deadline.finished && ` · ${h.build_stage_name}`}
              </span>{" "}
              <span>{h.deadline.finished ? "Дом сдан" : `Срок сдачи: ${h.deadline.label}`}</span>{" "}
              <span className="house-tab__action">
                {h.id === selected ? "Шахматка ниже" : "Открыть шахматку"}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {house && stats ? (
        <Chessboard stats={stats} house={house} />
      ) : selected !== null ? (
        <p className="cx-muted" role="status">
          {`В этом ЖК нет корпуса с номером ${selected}: выберите корпус из списка выше, и мы покажем его шахматку.`}
        </p>
      ) : (
        <p className="cx-muted">
          Выберите корпус, и мы покажем его шахматку: все квартиры по этажам — свободные, забронированные и
          проданные.
        </p>
      )}
    </>
  );
}

import type { CommuteDestination, CommuteTime } from "../../../shared/schemas/catalogue";
import { commuteMinutes, commuteParts } from "../../../shared/transit/text";
import { stationName } from "../complex/text";
import "./commute-line.css";

/**
 * A card's way to the buyer's destination (issue 32): «≈ 38 мин до м. Охотный Ряд: 9 мин пешком, 27 мин на
 * метро, 1 пересадка», the lines ridden as dots of their colours; «время в пути неизвестно» without one. To a
 * point: «≈ 50 мин до точки на карте: …, 1 пересадка, от м. Охотный Ряд 12 мин пешком».
 */
/** «м. Охотный Ряд», or «точки на карте» for a point (after «до»). */
export const destinationName = (to: CommuteDestination): string =>
  to.point ? "точки на карте" : stationName(to);

export function CommuteLine({ to, time }: { to: CommuteDestination; time: CommuteTime | null | undefined }) {
  if (!time)
    return (
      <p className="listing-card__commute listing-card__commute--unknown">
        До {destinationName(to)}: время в пути неизвестно
      </p>
    );
  return (
    <p className="listing-card__commute">
      <strong>{`${commuteMinutes(time)} до ${destinationName(to)}`}</strong>
      <span className="visually-hidden">: </span>
      {time.colors.length > 0 && (
        <span className="listing-card__commute-lines" aria-hidden="true">
          {time.colors.map((color, i) => (
            // The same line may be ridden twice; a leg's place is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: legs have no id of their own
            <span key={i} className="commute-dot" style={{ background: color }} />
          ))}
        </span>
      )}
      <span className="listing-card__commute-parts">{commuteParts(time, stationName(to))}</span>
    </p>
  );
}

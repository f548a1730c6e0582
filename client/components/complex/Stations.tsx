import type { StationLink } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { inkOn, stationName, stationPath, withDistance } from "./text";
import "./complex.css";

/** The line's colour with its number, as on the metro map. */
export function LineBadge({ station }: { station: Pick<StationLink, "color" | "line"> }) {
  return (
    <span
      className="line-badge"
      style={{ background: station.color, color: inkOn(station.color) }}
      aria-hidden="true"
    >
      {station.line}
    </span>
  );
}

/** «м. Сокольники · 7 мин пешком», each linking to the complexes near the station. */
export function StationList({
  stations,
  linked = true,
}: {
  stations: readonly StationLink[];
  linked?: boolean;
}) {
  if (!stations.length) return null;
  return (
    <ul className="cx-stations">
      {stations.map((s) => (
        <li key={s.id}>
          <LineBadge station={s} />
          {linked ? <AppLink to={stationPath(s)}>{stationName(s)}</AppLink> : <span>{stationName(s)}</span>}
          {s.minutes !== null && <span className="cx-stations__time">{withDistance(s)}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * A complex's ways to the buyer's destination (issue 32), the one last chosen in the catalogue (remembered in
 * this browser): one row per station the complex walks to — the walk, the ride, the transfers, the lines'
 * colours and the total — the quickest first and marked so; a station with no trip says so. Asked after
 * hydration (GET /commute/routes, worker/loaders/commute.ts loadCommuteRoutes).
 */
import { apiKeys } from "../../../shared/api-keys";
import { filterToUrlQuery } from "../../../shared/filters/catalogue";
import type { CommuteTime } from "../../../shared/schemas/catalogue";
import { commuteMinutes, commuteParts } from "../../../shared/transit/text";
import { useApi } from "../../hooks/use-api";
import { useStoredCommute } from "../../hooks/use-commute";
import { AppLink } from "../AppLink";
import { destinationName } from "../catalogue/CommuteLine";
import { stationName } from "./text";

function Lines({ time }: { time: CommuteTime }) {
  if (!time.colors.length) return null;
  return (
    <span className="listing-card__commute-lines" aria-hidden="true">
      {time.colors.map((color, i) => (
        // The same line may be ridden twice; a leg's place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: legs have no id of their own
        <span key={i} className="commute-dot" style={{ background: color }} />
      ))}
    </span>
  );
}

export function CommuteRoute({ complexId }: { complexId: number }) {
  const stored = useStoredCommute();
  const key = stored
    ? apiKeys.commuteRoutes(complexId, stored.at ? { at: stored.at } : { station: stored.to })
    : undefined;
  const { data } = useApi(key);
  if (!stored || !data) return null;
  const { to, routes } = data;
  const destination = stored.at ? { commute_at: stored.at } : { commute_to: to.id };
  const list = `/novostroyki/${filterToUrlQuery({ ...destination, ...(stored.max ? { commute_max: stored.max } : {}) })}`;
  const last = stationName(to);
  const quickest = routes.filter((r) => r.time).length > 1 ? routes[0] : undefined;
  return (
    <div className="cx-commute">
      <h3>Время в пути до {destinationName(to)}</h3>
      {routes.length === 0 ? (
        <p className="listing-card__commute listing-card__commute--unknown">
          Рядом нет станции в пешей доступности: время в пути неизвестно
        </p>
      ) : (
        <ol className="cx-commute__routes">
          {routes.map((r) => (
            <li key={r.station.id} className="cx-commute__route">
              <span className="cx-commute__from">
                <span className="commute-dot" style={{ background: r.station.color }} aria-hidden="true" />
                от {stationName(r.station)}
              </span>
              {r.time ? (
                <span className="listing-card__commute">
                  <strong>{commuteMinutes(r.time)}</strong>
                  {r === quickest && <span className="cx-commute__best">быстрее всего</span>}
                  <Lines time={r.time} />
                  <span className="listing-card__commute-parts">{commuteParts(r.time, last)}</span>
                </span>
              ) : (
                <span className="listing-card__commute listing-card__commute--unknown">
                  время в пути неизвестно
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="cx-commute__links">
        <AppLink to={list}>
          {stored.max ? `Все ЖК в пределах ${stored.max} минут` : "Все ЖК со временем в пути"}
        </AppLink>{" "}
        · <AppLink to="/vremya-v-puti/">как мы считаем</AppLink>
      </p>
    </div>
  );
}

/**
 * A complex's way to the buyer's destination (issue 32), the one last chosen in the catalogue (remembered in
 * this browser): asked after hydration, as the catalogue's list of this complex with the destination.
 */
import { keyOf } from "../../../shared/api-keys";
import { useApi } from "../../hooks/use-api";
import { useStoredCommute } from "../../hooks/use-commute";
import { AppLink } from "../AppLink";
import { CommuteLine } from "../catalogue/CommuteLine";

export function CommuteRoute({ complexId }: { complexId: number }) {
  const stored = useStoredCommute();
  const key = stored
    ? keyOf("complexes", "/residential-complexes/grid", {
        "search[ids]": complexId,
        "search[commute_to]": stored.to,
        per_page: 1,
      })
    : undefined;
  const { data } = useApi(key);
  const to = data?.commute_to;
  const card = data?.data[0];
  if (!stored || !to || !card) return null;
  const list = `/novostroyki/?commute_to=${to.id}${stored.max ? `&commute_max=${stored.max}` : ""}`;
  return (
    <div className="cx-commute">
      <h3>Время в пути</h3>
      <CommuteLine to={to} time={card.commute} />
      <p className="cx-commute__links">
        <AppLink to={list}>
          {stored.max ? `Все ЖК в пределах ${stored.max} минут` : "Все ЖК со временем в пути"}
        </AppLink>{" "}
        · <AppLink to="/vremya-v-puti/">как мы считаем</AppLink>
      </p>
    </div>
  );
}

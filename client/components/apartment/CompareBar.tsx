/** The comparison link of the apartments' lists and the favourites. */
import { countOf } from "../../../shared/format";
import { href } from "../../../shared/routes";
import { useCompare } from "../../hooks/use-favorites";
import { AppLink } from "../AppLink";
import "./apartment.css";

/** «Сравнить 1 квартиру», «Сравнить 2 квартиры» (what is compared, in the accusative). */
const APARTMENTS_TO_COMPARE = ["квартиру", "квартиры", "квартир"] as const;

/** The comparison link, once something is to be compared: «Сравнить 2 квартиры». */
export function CompareBar() {
  const { ids } = useCompare();
  if (ids.length === 0) return null;
  return (
    <p className="compare-bar">
      <AppLink className="button" to={href("compare", {}, { ids: ids.join(",") })}>
        Сравнить {countOf(ids.length, APARTMENTS_TO_COMPARE)}
      </AppLink>
    </p>
  );
}

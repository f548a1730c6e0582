/**
 * ♡ (favourites) and «Сравнить» (up to four, side by side at /sravnenie/) of one apartment, on its card and its
 * page. The lists live in this browser (hooks/use-favorites.ts).
 */
import { useState } from "react";
import { COMPARE_MAX } from "../../../shared/constants";
import { href } from "../../../shared/routes";
import { useCompare, useFavoriteApartments } from "../../hooks/use-favorites";
import { AppLink } from "../AppLink";
import { HeartIcon } from "../icons";
import "./apartment.css";

export interface TogglesProps {
  id: number;
  /** Names the apartment for screen readers. */
  title: string;
}

export default function ApartmentToggles({ id, title }: TogglesProps) {
  const favorites = useFavoriteApartments();
  const compare = useCompare();
  const [full, setFull] = useState(false);
  const liked = favorites.has(id);
  const compared = compare.has(id);
  return (
    <span className="apt-toggles">
      <button
        type="button"
        className={`apt-toggle apt-toggle--like${liked ? " apt-toggle--on" : ""}`}
        aria-pressed={liked}
        aria-label={liked ? `Убрать из избранного: ${title}` : `В избранное: ${title}`}
        title={liked ? "Убрать из избранного" : "В избранное"}
        onClick={() => favorites.toggle(id)}
      >
        <HeartIcon width={20} height={20} />
      </button>
      <button
        type="button"
        className={`apt-toggle${compared ? " apt-toggle--on" : ""}`}
        aria-pressed={compared}
        // The name starts with the visible word (WCAG 2.5.3); aria-pressed says whether it is on.
        aria-label={`${compared ? "В сравнении" : "Сравнить"}: ${title}`}
        onClick={() => setFull(!compare.toggle(id))}
      >
        {compared ? "В сравнении" : "Сравнить"}
      </button>
      {full && (
        <span className="apt-toggles__note" role="alert">
          {`Сравнить можно не больше ${COMPARE_MAX}\u00a0квартир: уберите одну в `}
          <AppLink to={href("compare", {}, { ids: compare.ids.join(",") })}>сравнении</AppLink>.
        </span>
      )}
    </span>
  );
}

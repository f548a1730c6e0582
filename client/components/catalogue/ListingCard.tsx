import { memo } from "react";
import { RISK_LABELS } from "../../../shared/construction/risk";
import { deadlineLine, formatArea, formatPriceFrom, formatPricePerMeterFrom } from "../../../shared/format";
import type { CommuteDestination, ComplexCard } from "../../../shared/schemas/catalogue";
import { useFavorites } from "../../hooks/use-favorites";
import { AppLink } from "../AppLink";
import { FacadeImage } from "../art/ArtImage";
import { LineBadge } from "../complex/Stations";
import { classLabel, complexTitle, stationName, withDistance } from "../complex/text";
import { HeartIcon } from "../icons";
import { PaymentFrom } from "../mortgage/PaymentFrom";
import { CommuteLine } from "./CommuteLine";
import "./catalogue.css";

/** A complex in the catalogue: drawing, name, class, nearest stations, deadline, prices by room type. */
const ListingCard = memo(function ListingCard({
  complex: c,
  commuteTo,
  liked,
  onLike,
}: {
  complex: ComplexCard;
  commuteTo?: CommuteDestination | undefined;
  /** In the favourites (♡), and how the ♡ adds or removes it. */
  liked: boolean;
  onLike(id: number): void;
}) {
  return (
    <article className="listing-card">
      <div className="listing-card__art">
        <AppLink to={c.url} tabIndex={-1} aria-hidden="true">
          <FacadeImage id={c.id} cls={c.class} floors={c.floors_max} width={480} height={300} />
        </AppLink>
        <span className="listing-card__badge">{classLabel(c.class_name)}</span>
        <button
          type="button"
          className={`listing-card__like${liked ? " listing-card__like--on" : ""}`}
          aria-pressed={liked}
          aria-label={
            liked
              ? `Убрать ${complexTitle(c.name)} из избранного`
              : `Добавить ${complexTitle(c.name)} в избранное`
          }
          onClick={() => onLike(c.id)}
        >
          <HeartIcon width={22} height={22} />
        </button>
      </div>
      <div className="listing-card__body">
        <p className="listing-card__price">
          {formatPriceFrom(c.min_price)}
          <span className="listing-card__ppm">{formatPricePerMeterFrom(c.min_price_m2)}</span>
        </p>
        {c.min_price > 0 && <PaymentFrom price={c.min_price} />}
        <h3 className="listing-card__title">
          <AppLink to={c.url} className="listing-card__link">
            {complexTitle(c.name)}
          </AppLink>
        </h3>
        <p className="listing-card__meta">{`${deadlineLine(c.deadline)} · ${c.developer.name}`}</p>
        {c.delivery_risk && (
          <p className={`listing-card__risk risk-line risk-line--${c.delivery_risk}`}>
            {`Риск переноса: ${RISK_LABELS[c.delivery_risk]}`}
          </p>
        )}
        {commuteTo && <CommuteLine to={commuteTo} time={c.commute} />}
        {c.stations.slice(0, 2).map((s) => (
          <p key={s.id} className="listing-card__station">
            <LineBadge station={s} />
            {` ${stationName(s)}${withDistance(s)}`}
          </p>
        ))}
        {c.rooms.length > 0 && (
          <ul className="listing-card__rooms">
            {c.rooms.slice(0, 4).map((r) => (
              <li key={r.rooms}>
                <span>{r.label}</span>
                <span className="listing-card__room-area">{`от ${formatArea(r.min_area)}`}</span>
                <span className="listing-card__room-price">{formatPriceFrom(r.min_price)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="listing-card__address">{c.address}</p>
      </div>
    </article>
  );
});

/** A grid of complex cards (the listing's, and the favourites page's); `commuteTo`: the commute's destination. */
export function CardGrid({
  list,
  commuteTo,
}: {
  list: readonly ComplexCard[];
  commuteTo?: CommuteDestination | undefined;
}) {
  // The grid reads the favourites, not each card: one subscription instead of one per card (each was a piece of
  // the effects of hydration's commit, one task on a phone), and a ♡ pressed renders its own card again only.
  const favorites = useFavorites();
  if (list.length === 0) return null;
  return (
    <ul className="listing__grid">
      {list.map((c) => (
        <li key={c.id}>
          <ListingCard
            complex={c}
            commuteTo={commuteTo}
            liked={favorites.has(c.id)}
            onLike={favorites.toggle}
          />
        </li>
      ))}
    </ul>
  );
}

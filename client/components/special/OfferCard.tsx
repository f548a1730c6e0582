import type { Motif } from "../../../shared/art";
import { formatDate, formatPriceFrom } from "../../../shared/format";
import { href } from "../../../shared/routes";
import type { SpecialOffer } from "../../../shared/schemas/special-offers";
import { AppLink } from "../AppLink";
import { SkylineImage } from "../art/ArtImage";
import "./special.css";

/** The banner's motif from what the offer is about. */
const MOTIFS: [RegExp, Motif][] = [
  [/рассрочк/i, "calendar"],
  [/ипотек/i, "percent"],
  [/подар/i, "gift"],
  [/отделк/i, "roller"],
  [/trade-in/i, "swap"],
  [/старт/i, "flag"],
];
const motifOf = (title: string): Motif => MOTIFS.find(([re]) => re.test(title))?.[1] ?? "tag";

/** A special offer with its drawn banner and the complex it belongs to. */
export function OfferCard({ offer, eager = false }: { offer: SpecialOffer; eager?: boolean }) {
  const complexPath = href("complex", { complex: offer.complex.slug });
  return (
    <article className="offer-card">
      <div className="offer-card__art">
        <SkylineImage
          seed={offer.id}
          color={offer.color}
          motif={motifOf(offer.title)}
          width={640}
          height={280}
          eager={eager}
        />
      </div>
      <div className="offer-card__body">
        <h2 className="offer-card__title">{offer.title}</h2>
        {offer.sub_title && <p className="offer-card__subtitle">{offer.sub_title}</p>}
        <p className="offer-card__text">{offer.text}</p>
        <div className="offer-card__complex">
          <p className="offer-card__complex-name">ЖК «{offer.complex.name}»</p>
          <p className="offer-card__address">{offer.complex.address}</p>
          {offer.complex.min_price > 0 && (
            <p className="offer-card__price">Квартиры {formatPriceFrom(offer.complex.min_price)}</p>
          )}
        </div>
        <div className="offer-card__footer">
          <p className="offer-card__until">
            Действует до <time dateTime={offer.valid_until}>{formatDate(offer.valid_until)}</time>
          </p>
          <AppLink to={complexPath} className="button">
            Смотреть ЖК<span className="visually-hidden"> «{offer.complex.name}»</span>
          </AppLink>
        </div>
      </div>
    </article>
  );
}

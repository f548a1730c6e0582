import { apiKeys } from "../../shared/api-keys";
import { countOf, WORDS } from "../../shared/format";
import { pageData } from "../../shared/page-data";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { PageHead } from "../components/PageHead";
import { OfferCard } from "../components/special/OfferCard";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

/** The page's text and the offers. */
export const data = pageData({
  keys: (match) => ({ seo: apiKeys.page(match.pathname), offers: apiKeys.specialOffers() }),
});

export default function SpecialPage({ match }: PageProps) {
  const keys = data.keys(match);
  const seo = useApi(keys.seo);
  const offers = useApi(keys.offers);
  const error = seo.error ?? offers.error;
  if (error) throw error;
  const list = offers.data?.data ?? [];
  return (
    <div className="page container">
      {/* The canonical drops the utm_* and fp parameters that advertising links bring. */}
      <PageHead
        title={seo.data?.seo?.title ?? "Спецпредложения застройщиков"}
        description={seo.data?.seo?.description}
        canonical={match.pathname}
      />
      <Breadcrumbs items={[{ label: "Спецпредложения" }]} />
      <h1>Спецпредложения застройщиков</h1>
      <p className="special-intro">
        {list.length > 0 && `${countOf(list.length, WORDS.offer)}: `}
        скидки, рассрочка, подарки и ипотека на особых условиях. Точные условия и сроки уточняйте в отделе
        продаж застройщика.
      </p>
      <ul className="offer-grid">
        {list.map((offer, i) => (
          <li key={offer.id}>
            <OfferCard offer={offer} eager={i === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An apartment's page below its first screen (ApartmentPage.tsx): the price's history, the mortgage, the complex. */
import type { ApartmentDetail, ComplexDetail } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { StationList } from "../complex/Stations";
import { classLabel, complexTitle, mortgageRegion } from "../complex/text";
import { ComplexArt } from "./ComplexArt";
import MortgageSnippet from "./MortgageSnippet";
import { PriceHistory } from "./PriceHistory";
import { mortgageLine } from "./text";

export interface ApartmentBelowProps {
  answer: ApartmentDetail;
  /** The apartment's complex, once read (the page's `more` key). */
  complex: ComplexDetail | undefined;
}

export default function ApartmentBelow({ answer, complex: c }: ApartmentBelowProps) {
  const a = answer.data;
  const inComplex = complexTitle(a.complex.name);
  return (
    <>
      {answer.price_history.length > 1 && (
        <section className="cx-section" aria-labelledby="istoriya-ceny">
          <h2 id="istoriya-ceny">История цены</h2>
          <PriceHistory points={answer.price_history} />
        </section>
      )}

      <section className="cx-section" aria-labelledby="ipoteka">
        <h2 id="ipoteka">Ипотека на эту квартиру</h2>
        <MortgageSnippet
          price={a.price}
          region={c ? mortgageRegion(c.region) : null}
          about={mortgageLine(a.price)}
        />
      </section>

      <section className="cx-section" aria-labelledby="zhk">
        <h2 id="zhk">{inComplex}</h2>
        {c ? (
          <div className="apt-complex">
            <ComplexArt complex={c} />
            <div>
              <p className="apt-complex__name">
                {classLabel(c.class_name)} · {c.build_stage_name} · застройщик{" "}
                <AppLink to={`/companies/developers/${c.developer.slug}/`}>{c.developer.name}</AppLink>
              </p>
              <p className="cx-muted">{c.address}</p>
              <StationList stations={c.stations} />
              <p>
                <AppLink to={c.url}>Всё о {inComplex}</AppLink>
              </p>
            </div>
          </div>
        ) : (
          <p>
            <AppLink to={a.complex.url}>Всё о {inComplex}</AppLink>
          </p>
        )}
      </section>
    </>
  );
}

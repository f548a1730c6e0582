import { countOf, WORDS } from "../../../shared/format";
import { href } from "../../../shared/routes";
import type { CompanyCard as Card } from "../../../shared/schemas/companies";
import { AppLink } from "../AppLink";
import { Monogram } from "./Monogram";
import { TYPE_SEGMENTS } from "./types";
import "./companies.css";

export const companyPath = (c: Pick<Card, "type" | "slug">) =>
  href("company", { type: TYPE_SEGMENTS[c.type], company: c.slug });

/**
 * «12 ЖК · строится: 8 · сдано: 4» (parts that are zero left out) or what an agency does. A developer with no
 * published complex is not listed (worker/db/queries/companies.ts COMPANY_LISTED).
 */
function complexesSummary(c: Card): string {
  if (c.type === "agency") return "Подбор квартир в новостройках";
  return [
    countOf(c.complexes_total, WORDS.complex),
    c.complexes_building && `строится: ${c.complexes_building}`,
    c.complexes_finished && `сдано: ${c.complexes_finished}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A company in a list; the whole card answers the name link. */
export function CompanyCard({ company }: { company: Card }) {
  return (
    <article className="company-card">
      <Monogram name={company.name} color={company.color} size={56} />
      <div>
        <h2 className="company-card__name">
          <AppLink to={companyPath(company)} className="company-card__link">
            {company.name}
          </AppLink>
        </h2>
        <p className="company-card__facts">{`На рынке с ${company.founded_year} года`}</p>
        <p className="company-card__facts">{complexesSummary(company)}</p>
      </div>
    </article>
  );
}

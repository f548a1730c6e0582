import { apiKeys } from "../../shared/api-keys";
import { COMPANIES_PREVIEW, type CompanyType } from "../../shared/companies";
import { countOf } from "../../shared/format";
import { pageData } from "../../shared/page-data";
import { href } from "../../shared/routes";
import type { CompaniesGrid } from "../../shared/schemas/companies";
import { AppLink } from "../components/AppLink";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { companyPath } from "../components/companies/CompanyCard";
import { Monogram } from "../components/companies/Monogram";
import { TYPE_SEGMENTS, TYPE_TEXT } from "../components/companies/types";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

const TYPES: CompanyType[] = ["developer", "agency"];

function TypeSection({ type, grid }: { type: CompanyType; grid: CompaniesGrid }) {
  const segment = TYPE_SEGMENTS[type];
  const text = TYPE_TEXT[segment];
  return (
    <section className="company-type" aria-labelledby={`type-${segment}`}>
      <h2 id={`type-${segment}`}>{text.title}</h2>
      <p className="company-type__count">{`${countOf(grid.total, text.forms)} в каталоге`}</p>
      <p className="company-type__text">{text.intro}</p>
      <ul className="company-type__list">
        {grid.data.map((c) => (
          <li key={c.id}>
            <AppLink to={companyPath(c)}>
              <Monogram name={c.name} color={c.color} size={36} />
              {c.name}
            </AppLink>
          </li>
        ))}
      </ul>
      <AppLink to={href("companies-type", { type: segment })} className="button">
        {`Все ${text.title.toLowerCase()}`}
      </AppLink>
    </section>
  );
}

/** The page's text and the first companies of each type. */
export const data = pageData({
  keys: (match) => ({
    seo: apiKeys.page(match.pathname),
    developers: apiKeys.companies({ type: "developer", per_page: COMPANIES_PREVIEW }),
    agencies: apiKeys.companies({ type: "agency", per_page: COMPANIES_PREVIEW }),
  }),
});

export default function CompaniesPage({ match }: PageProps) {
  const keys = data.keys(match);
  const seo = useApi(keys.seo);
  const developers = useApi(keys.developers);
  const agencies = useApi(keys.agencies);
  const error = seo.error ?? developers.error ?? agencies.error;
  if (error) throw error;
  const grids = { developer: developers.data, agency: agencies.data };
  return (
    <div className="page container">
      <PageHead
        title={seo.data?.seo?.title ?? "Застройщики и агентства недвижимости"}
        description={seo.data?.seo?.description}
        canonical={match.pathname}
      />
      <Breadcrumbs items={[{ label: "Компании" }]} />
      <h1>Застройщики и агентства</h1>
      <p className="companies-intro">
        Кто строит и кто продаёт квартиры в новостройках Москвы и Подмосковья: карточки компаний с годом
        основания, контактами и жилыми комплексами.
      </p>
      <div className="company-types">
        {TYPES.map((type) => {
          const grid = grids[type];
          return grid && <TypeSection key={type} type={type} grid={grid} />;
        })}
      </div>
    </div>
  );
}

import { apiKeys } from "../../shared/api-keys";
import { companyTypeOf } from "../../shared/companies";
import { pageData } from "../../shared/page-data";
import { href } from "../../shared/routes";
import type { Company } from "../../shared/schemas/companies";
import { AppLink } from "../components/AppLink";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { companyPath } from "../components/companies/CompanyCard";
import { ComplexRow } from "../components/companies/ComplexRow";
import { HouseRecord } from "../components/companies/HouseRecord";
import { Monogram } from "../components/companies/Monogram";
import { TYPE_SEGMENTS, TYPE_TEXT } from "../components/companies/types";
import { recordText } from "../components/complex/Trust";
import { JsonLd } from "../components/JsonLd";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

const TYPE_NAME = { developer: "Застройщик", agency: "Агентство недвижимости" } as const;

function organizationJsonLd(c: Company, description: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: c.name,
    description,
    url: c.site || undefined,
    telephone: c.phone,
    foundingDate: String(c.founded_year),
    taxID: c.inn,
  };
}

/** The company, by the slug or id of its URL, of its URL's type. */
export const data = pageData({
  keys: (match) => ({
    company: apiKeys.company(match.params.company ?? "", companyTypeOf(match.params.type)),
  }),
});

export default function CompanyPage({ match }: PageProps) {
  const { data: company, error } = useApi(data.keys(match).company);
  if (error) throw error;
  if (!company) return <div className="page container page-skeleton" />;

  const segment = TYPE_SEGMENTS[company.type];
  const isDeveloper = company.type === "developer";
  // A developer with nothing on sale says so instead of its usual self-description, and is not offered to search
  // engines; the companies' lists and the sitemap leave it out (worker/db/queries/companies.ts COMPANY_LISTED).
  const empty = isDeveloper && company.complexes_total === 0;
  const emptyText = `Сейчас у застройщика ${company.name} нет жилых комплексов в продаже в нашем каталоге.`;
  return (
    <div className="page container">
      <PageHead
        title={`${company.name} — ${TYPE_NAME[company.type].toLowerCase()}${isDeveloper && !empty ? ", жилые комплексы" : ""}`}
        description={empty ? emptyText : company.description}
        canonical={companyPath(company)}
        noindex={empty}
      />
      <JsonLd data={organizationJsonLd(company, empty ? emptyText : company.description)} />
      <Breadcrumbs
        items={[
          { label: "Компании", to: href("companies") },
          { label: TYPE_TEXT[segment].title, to: href("companies-type", { type: segment }) },
          { label: company.name },
        ]}
      />
      <header className="company-head">
        <Monogram name={company.name} color={company.color} size={96} />
        <div>
          <h1>{company.name}</h1>
          <p className="company-head__type">{TYPE_NAME[company.type]}</p>
        </div>
      </header>
      <div className="company-layout">
        <div>
          {empty ? (
            <div className="company-about">
              <p>{emptyText}</p>
              <p>
                Посмотрите{" "}
                <AppLink to={href("companies-type", { type: segment })}>других застройщиков</AppLink> или{" "}
                <AppLink to={href("listing")}>все новостройки Москвы и Подмосковья</AppLink>.
              </p>
            </div>
          ) : (
            <p className="company-about">{company.description}</p>
          )}
          {isDeveloper && !empty && (
            <dl className="company-stats">
              <div>
                <dt>Всего ЖК</dt>
                <dd>{company.complexes_total}</dd>
              </div>
              <div>
                <dt>Строится</dt>
                <dd>{company.complexes_building}</dd>
              </div>
              <div>
                <dt>Сдано</dt>
                <dd>{company.complexes_finished}</dd>
              </div>
            </dl>
          )}
          {isDeveloper && !empty && (
            <p className="company-record">
              {recordText(company.record)}. Опоздание считаем по нашим данным: квартал, в котором корпус сдан,
              против первого срока, который обещал застройщик.{" "}
              <AppLink to={href("risk-method")}>Как это влияет на риск переноса</AppLink>
            </p>
          )}
          {isDeveloper && !empty && <HouseRecord houses={company.houses} />}
        </div>
        <dl className="company-facts">
          <dt>Год основания</dt>
          <dd>{company.founded_year}</dd>
          {company.site && (
            <>
              <dt>Сайт</dt>
              <dd>
                <a href={company.site} rel="nofollow noopener" target="_blank">
                  {company.site.replace(/^https?:\/\/|\/$/g, "")}
                </a>
              </dd>
            </>
          )}
          <dt>Телефон</dt>
          <dd>
            <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`}>{company.phone}</a>
          </dd>
          <dt>ИНН</dt>
          <dd>{company.inn}</dd>
        </dl>
      </div>
      {isDeveloper && !empty && (
        <section aria-labelledby="complexes-title">
          <h2 id="complexes-title">Жилые комплексы застройщика</h2>
          <ul className="complex-list">
            {company.residential_complexes.map((c) => (
              <li key={c.id}>
                <ComplexRow complex={c} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

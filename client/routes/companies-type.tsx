import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { apiKeys } from "../../shared/api-keys";
import { companyTypeOf } from "../../shared/companies";
import type { CompanyTypeSlug } from "../../shared/constants";
import { countOf } from "../../shared/format";
import { pageData } from "../../shared/page-data";
import { href } from "../../shared/routes";
import { AppLink } from "../components/AppLink";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { CompanyCard } from "../components/companies/CompanyCard";
import { TYPE_TEXT } from "../components/companies/types";
import { PageHead } from "../components/PageHead";
import { Pagination } from "../components/Pagination";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

/** One page of the type's companies, searched by name. */
export const data = pageData({
  keys: (match) => ({
    grid: apiKeys.companies({
      type: companyTypeOf(match.params.type),
      name: match.search.get("q"),
      page: match.search.get("page"),
    }),
  }),
});

export default function CompaniesTypePage({ match }: PageProps) {
  const navigate = useNavigate();
  const segment = (match.params.type ?? "developers") as CompanyTypeSlug;
  const text = TYPE_TEXT[segment];
  const q = match.search.get("q")?.trim() || undefined;
  const { data: grid, error } = useApi(data.keys(match).grid);
  if (error) throw error;

  const current = grid?.current_page ?? 1;
  const hrefOf = (page: number) =>
    href("companies-type", { type: segment }, { q, page: page > 1 ? page : undefined });
  // Without JavaScript the form submits itself; with it, the router navigates without a reload.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get("q") ?? "").trim();
    navigate(href("companies-type", { type: segment }, { q: value }));
  };

  return (
    <div className="page container">
      <PageHead
        title={`${text.h1}${current > 1 ? ` — страница ${current}` : ""}`}
        description={text.intro}
        canonical={hrefOf(current)}
        noindex={Boolean(q)}
      />
      <Breadcrumbs items={[{ label: "Компании", to: href("companies") }, { label: text.title }]} />
      <h1>{text.h1}</h1>
      <p className="companies-intro">{text.intro}</p>
      <search>
        <form className="company-search" method="get" action={match.pathname} onSubmit={onSubmit}>
          <label>
            Название компании
            <input
              className="form-input"
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              maxLength={100}
              autoComplete="off"
            />
          </label>
          <button type="submit" className="button">
            Найти
          </button>
          {q && (
            <AppLink to={match.pathname} className="company-search__reset">
              Сбросить
            </AppLink>
          )}
        </form>
      </search>
      {grid && (
        <p className="result-note" aria-live="polite">
          {q
            ? `По запросу «${q}» ${grid.total ? `найдено: ${countOf(grid.total, text.forms)}` : "ничего не нашлось. Проверьте написание или сбросьте поиск."}`
            : `${countOf(grid.total, text.forms)} в каталоге`}
        </p>
      )}
      {grid && grid.data.length > 0 && (
        <ul className="company-grid">
          {grid.data.map((c) => (
            <li key={c.id}>
              <CompanyCard company={c} />
            </li>
          ))}
        </ul>
      )}
      {grid && <Pagination current={current} last={grid.last_page} hrefOf={hrefOf} />}
    </div>
  );
}

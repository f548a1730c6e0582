import { useRef } from "react";
import { apiKeys } from "../../../shared/api-keys";
import { filterToUrlParams, type ListQuery } from "../../../shared/filters/catalogue";
import { countOf, WORDS } from "../../../shared/format";
import type { ComplexList } from "../../../shared/schemas/catalogue";
import { useApi } from "../../hooks/use-api";
import { FilterForm } from "./FilterForm";
import { ListingCard } from "./ListingCard";
import { Pagination } from "./Pagination";
import "./catalogue.css";

export interface ListingProps {
  /** The page's path: the form's action and the base of page links. */
  path: string;
  /** The whole query the page lists (base merged with the visitor's own filter). */
  query: ListQuery;
  /** The base part, not shown as a choice. */
  base: ListQuery["filter"];
  /** The visitor's own part, from the URL. */
  own: ListQuery["filter"];
  withFilter?: boolean;
}

/** The catalogue list of a page: the filter, the count, the cards and the page links. */
export function Listing({ path, query, base, own, withFilter = true }: ListingProps) {
  const { data: fresh, error, isLoading } = useApi<ComplexList>(apiKeys.complexes(query));
  // While the next list loads, the previous one stays on screen (no empty flash between filters).
  const last = useRef<ComplexList | undefined>(undefined);
  if (fresh) last.current = fresh;
  const data = fresh ?? (isLoading ? last.current : undefined);
  const total = data?.total ?? 0;
  const hrefOf = (page: number) => {
    const qs = filterToUrlParams(own, page, query.sort).toString();
    return `${path}${qs ? `?${qs}` : ""}`;
  };
  return (
    <section className="listing" aria-labelledby="listing-title">
      {/* The cards' titles are h3: this keeps the outline whole (h1 of the page → h2 → cards). */}
      <h2 id="listing-title" className="visually-hidden">
        Список новостроек
      </h2>
      {withFilter && <FilterForm base={base} value={own} sort={query.sort} total={total} action={path} />}
      <p className="listing__count" aria-live="polite">
        {data ? `Найдено ${countOf(total, WORDS.complex)}` : isLoading ? "Загружаем список…" : ""}
      </p>
      {error && !data && (
        <p className="listing__error" role="alert">
          Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз.
        </p>
      )}
      {data && data.data.length === 0 && (
        <div className="listing__empty">
          <p>По этим условиям ничего не нашлось. Попробуйте расширить бюджет или убрать часть фильтров.</p>
        </div>
      )}
      {data && data.data.length > 0 && (
        <ul className="listing__grid">
          {data.data.map((c) => (
            <li key={c.id}>
              <ListingCard complex={c} />
            </li>
          ))}
        </ul>
      )}
      {data && <Pagination current={data.current_page} last={data.last_page} hrefOf={hrefOf} />}
    </section>
  );
}

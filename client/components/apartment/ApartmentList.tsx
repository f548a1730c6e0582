import type { LivingObjectList } from "../../../shared/schemas/catalogue";
import type { ApiError } from "../../http";
import { AppLink } from "../AppLink";
import { Pagination } from "../Pagination";
import { ApartmentCard } from "./ApartmentCard";
import { CompareBar } from "./CompareBar";
import "./apartment.css";

/** A page of apartments with its pages; while the next page loads the current one stays, dimmed. */
export function ApartmentList({
  list,
  busy,
  error,
  showComplex,
  hrefOf,
  resetTo,
}: {
  list: LivingObjectList | undefined;
  /** A new page or filter is loading: the current list stays, dimmed. */
  busy: boolean;
  error: ApiError | undefined;
  showComplex: boolean;
  hrefOf: (page: number) => string;
  resetTo: string;
}) {
  if (error) {
    return (
      <p className="cx-notice" role="alert">
        {error.status === 404 ? (
          // A page past the last (the list shrank since the link was made): the way back to its start.
          <>
            Такой страницы в списке нет. <AppLink to={hrefOf(1)}>Открыть первую страницу</AppLink>
          </>
        ) : (
          "Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз."
        )}
      </p>
    );
  }
  if (!list) return <div className="apt-list apt-list--loading" aria-busy="true" />;
  if (!list.data.length) {
    // A page past the last is a 404 (the API's), so an empty list is an empty filter.
    return (
      <p className="cx-notice">
        По этим условиям квартир в продаже нет. Измените фильтр или{" "}
        <AppLink to={resetTo}>сбросьте его</AppLink>.
      </p>
    );
  }
  return (
    <>
      <ul className="apt-list" aria-busy={busy}>
        {list.data.map((a) => (
          <li key={a.id}>
            <ApartmentCard apartment={a} showComplex={showComplex} />
          </li>
        ))}
      </ul>
      <Pagination current={list.current_page} last={list.last_page} hrefOf={hrefOf} />
      <CompareBar />
    </>
  );
}

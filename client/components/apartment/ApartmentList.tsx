import type { LivingObjectList } from "../../../shared/schemas/catalogue";
import type { ApiError } from "../../http";
import { AppLink } from "../AppLink";
import { Pagination } from "../Pagination";
import { ApartmentCard } from "./ApartmentCard";
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
        Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз.
      </p>
    );
  }
  if (!list) return <div className="apt-list apt-list--loading" aria-busy="true" />;
  if (!list.data.length) {
    return list.total ? (
      <p className="cx-notice">
        На этой странице квартир нет — <AppLink to={hrefOf(1)}>вернитесь к первой</AppLink>.
      </p>
    ) : (
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
    </>
  );
}

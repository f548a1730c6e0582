import { useNavigate } from "react-router";
import {
  type CatalogueFilter,
  type CatalogueSort,
  filterToUrlQuery,
  SORT_FIELD,
  sortsOf,
} from "../../../shared/filters/catalogue";

/** The listing's order: a choice applies at once (the URL's filter with the new order, from its first page). */
export function SortSelect({
  action,
  value,
  sort,
}: {
  action: string;
  value: CatalogueFilter;
  sort: CatalogueSort;
}) {
  const navigate = useNavigate();
  return (
    <label className="filter-sort">
      <span>{SORT_FIELD.label}</span>
      <select
        className="form-input"
        name={SORT_FIELD.url}
        value={sort}
        onChange={(e) => navigate(`${action}${filterToUrlQuery(value, 1, e.target.value as CatalogueSort)}`)}
      >
        {sortsOf(value).map((s) => (
          <option key={s} value={s}>
            {SORT_FIELD.options[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

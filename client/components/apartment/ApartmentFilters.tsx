/**
 * The apartments filter: a GET form that works without JavaScript (its fields are the page URL's names, read
 * by shared/page-keys.ts apartmentQueryOf). With JavaScript a choice applies at once: the form's state goes
 * into the URL and the list follows.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { OTDELKA } from "../../../shared/codes";
import type { ApartmentSort } from "../../../shared/constants";
import {
  APARTMENT_FIELDS,
  type ApartmentQuery,
  apartmentUrlParams,
  canonicalApartmentSearch,
} from "../../../shared/filters/apartments";
import type { Range } from "../../../shared/filters/fields";
import { countOf, WORDS } from "../../../shared/format";
import { AmountHint } from "../AmountHint";
import { AppLink } from "../AppLink";
import "./apartment.css";

const SORT_LABELS: Record<ApartmentSort, string> = {
  "price asc": "Сначала дешевле",
  "price desc": "Сначала дороже",
  "area asc": "Сначала меньше площадь",
  "area desc": "Сначала больше площадь",
};

export interface FilterOption {
  id: number;
  label: string;
  count?: number;
}

export interface ApartmentFiltersProps {
  /** The form's target: a path with an optional #fragment. */
  action: string;
  query: ApartmentQuery;
  total: number;
  rooms: readonly FilterOption[];
  houses?: readonly FilterOption[];
  /** Parameters that pass through unchanged (the open chessboard). */
  keep?: Record<string, string>;
}

/** The form's fields as the page's canonical query (the server's 301 of a submit without JavaScript). */
const searchOf = (form: HTMLFormElement): string =>
  canonicalApartmentSearch(new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)])));

export function ApartmentFilters({
  action,
  query,
  total,
  rooms,
  houses = [],
  keep = {},
}: ApartmentFiltersProps) {
  const navigate = useNavigate();
  const [path, hash = ""] = action.split("#");
  const apply = (form: HTMLFormElement) =>
    navigate(`${path}${searchOf(form)}${hash ? `#${hash}` : ""}`, { replace: true });
  const f = query.filter;
  const extra = [f.price, f.area, f.floor, f.otdelka, f.houses].filter(Boolean).length;
  const resetQuery = new URLSearchParams(keep).toString();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement | HTMLSelectElement;
    if (target.type === "checkbox" || target.tagName === "SELECT") apply(e.currentTarget);
  };
  // A bound typed and not applied yet: the count is not known, the button submits it.
  const [typing, setTyping] = useState(false);
  const empty = total === 0 && !typing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list (the query applied) is counted again
  useEffect(() => setTyping(false), [query]);
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.type !== "checkbox" && target.tagName === "INPUT") setTyping(true);
  };
  const onBlur = (e: FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.type === "number" && target.value !== target.defaultValue) apply(e.currentTarget);
  };
  // The list with another price range: the hint's link (AmountHint) for a price typed without «млн».
  const priceHref = (price: Range) =>
    `${path}${canonicalApartmentSearch(
      new URLSearchParams([
        ...Object.entries(keep),
        ...apartmentUrlParams({ ...query, filter: { ...f, price }, page: 1 }),
      ]),
    )}${hash ? `#${hash}` : ""}`;
  const range = (name: "price" | "area" | "floor", label: string, unit: string, step: number) => {
    const r = f[name];
    return (
      <fieldset className="apt-filters__range">
        <legend>
          {label}
          {unit && <span className="apt-filters__unit">, {unit}</span>}
        </legend>
        {(["min", "max"] as const).map((end, i) => (
          <input
            className="form-input"
            key={`${end}${r?.[end] ?? ""}`}
            type="number"
            inputMode="decimal"
            min={0}
            step={step}
            name={APARTMENT_FIELDS[name].url[i]}
            defaultValue={r?.[end] ?? ""}
            placeholder={end === "min" ? "от" : "до"}
            aria-label={`${label}: ${end === "min" ? "от" : "до"}`}
          />
        ))}
        {name === "price" && <AmountHint field="price" legend={label} value={r} hrefOf={priceHref} />}
      </fieldset>
    );
  };
  const checks = (name: "rooms" | "houses", legend: string, options: readonly FilterOption[]) => (
    <fieldset className="apt-filters__checks">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className="check-chip">
          <input
            type="checkbox"
            name={APARTMENT_FIELDS[name].url[0]}
            value={o.id}
            checked={f[name]?.includes(o.id) ?? false}
            onChange={() => undefined}
          />
          <span>
            {o.label}
            {o.count !== undefined && <span className="check-chip__count"> {o.count}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );

  return (
    <form
      className="apt-filters"
      method="get"
      action={action}
      onSubmit={onSubmit}
      onChange={onChange}
      onBlur={onBlur}
      onInput={onInput}
      aria-label="Фильтр квартир"
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {checks("rooms", "Комнаты", rooms)}
      <details className="apt-filters__more" open={extra > 0 || undefined}>
        <summary>Ещё фильтры{extra > 0 && <span className="apt-filters__badge">{extra}</span>}</summary>
        <div className="apt-filters__grid">
          {houses.length > 1 && checks("houses", "Корпус", houses)}
          {range("price", "Цена", "₽", 100000)}
          {range("area", "Площадь", "м²", 0.1)}
          {range("floor", "Этаж", "", 1)}
          <label className="apt-filters__select">
            <span>Отделка</span>
            <select
              className="form-input"
              name={APARTMENT_FIELDS.otdelka.url[0]}
              value={f.otdelka?.[0] ?? ""}
              onChange={() => undefined}
            >
              <option value="">Любая</option>
              {Object.entries(OTDELKA).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
      <div className="apt-filters__actions">
        <label className="apt-filters__select apt-filters__sort">
          <span>Сортировка</span>
          <select
            className="form-input"
            name="sort"
            value={query.sort === "price asc" ? "" : query.sort}
            onChange={() => undefined}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value === "price asc" ? "" : value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {/* Nothing to show: the button says so and waits for a change (a typed bound re-enables it). */}
        <button
          type="submit"
          className="button"
          disabled={empty}
          aria-describedby={empty ? "apt-filters-empty" : undefined}
        >
          {empty ? "Ничего не найдено" : `Показать ${countOf(total, WORDS.apartmentAccusative)}`}
        </button>
        <AppLink
          className="button button--ghost"
          to={`${path}${resetQuery ? `?${resetQuery}` : ""}${hash ? `#${hash}` : ""}`}
          replace
        >
          Сбросить
        </AppLink>
        {empty && (
          <p id="apt-filters-empty" className="apt-filters__empty" role="status">
            Квартир с такими параметрами нет: измените фильтр или сбросьте его.
          </p>
        )}
      </div>
    </form>
  );
}

import { type FormEvent, Fragment, type ReactNode, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { type ApiKey, apiKeys } from "../../../shared/api-keys";
import { ROOMS } from "../../../shared/codes";
import { DEFAULT_SORT, SORTS, type Sort } from "../../../shared/constants";
import { filterKeys } from "../../../shared/filter-keys";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  filterToUrlQuery,
  filterValueCount,
  type ListField,
  mergeFilters,
  modalReset,
  pairDistance,
  type Range,
  SORT_FIELD,
  toggleValue,
} from "../../../shared/filters/catalogue";
import { countOf, formatDecimal, formatNumber, WORDS } from "../../../shared/format";
import { REGIONS } from "../../../shared/geo/regions";
import type { CompletionYear } from "../../../shared/schemas/catalogue";
import type { LocationItem } from "../../../shared/schemas/locations";
import { useApi } from "../../hooks/use-api";
import { useDebounced } from "../../hooks/use-debounced";
import { InBrowser } from "../../hooks/use-in-browser";
import { TYPE_AHEAD } from "../../pages";
import { Modal } from "../Modal";
import "./filters.css";

export interface FilterFormProps {
  /** The page's own filter (a region, a station): always applied, not shown as a choice. */
  base: CatalogueFilter;
  /** The visitor's choices, from the URL. */
  value: CatalogueFilter;
  sort: Sort;
  /** How many complexes the URL's filter finds (from the server). */
  total: number;
  /** The page the form submits to. */
  action: string;
  /** The filter's banner: beside the bar (under it on a tablet), and at the end of the phone's sheet. */
  ad?: ReactNode;
}

const REGION_OPTIONS = REGIONS.map((r) => ({ id: r.id, name: r.label }));
const F = CATALOGUE_FIELDS;
const codes = (o: Readonly<Record<number, string>>) =>
  Object.entries(o).map(([k, v]) => ({ id: Number(k), name: v }));

/** The filters chosen from one of the code tables, in the order the form shows them. */
const CODE_CHIPS = ["otdelka", "build_stage", "build_class", "build_type", "parking"] as const;

/** A range whose «от» is above its «до»: the form says so beside the fields and does not submit. */
const inverted = (r: Range | undefined) => r?.min !== undefined && r.max !== undefined && r.min > r.max;

function Chips({
  name,
  legend,
  options,
  selected,
  onToggle,
}: {
  name: string;
  legend: string;
  options: { id: number; name: string }[];
  selected: number[] | undefined;
  onToggle(id: number): void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      <div className="filter-chips">
        {options.map((o) => (
          <label key={o.id} className="chip-check">
            <input
              type="checkbox"
              name={name}
              value={o.id}
              checked={selected?.includes(o.id) ?? false}
              onChange={() => onToggle(o.id)}
            />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const RANGE_ENDS = [
  ["min", "от"],
  ["max", "до"],
] as const;

/**
 * «от» and «до» of a range, typed as people write them («8 млн», «8,5 млн», «8 500 000»: the table's parse)
 * and shown formatted once the field is left. `ends`: the payment has only «до».
 */
function RangeInputs({
  field,
  value,
  onChange,
  ends = RANGE_ENDS,
}: {
  field: "price" | "area" | "payment";
  value: Range | undefined;
  onChange(r: Range | undefined): void;
  ends?: readonly (typeof RANGE_ENDS)[number][];
}) {
  const { label: legend, url: names, unit, parse } = F[field];
  const [typed, setTyped] = useState<Partial<Record<"min" | "max", string>>>({});
  const error = inverted(value) ? `${legend}: «от» больше, чем «до»` : null;
  const shown = (n: number | undefined) =>
    n === undefined ? "" : field === "area" ? formatDecimal(n, 1) : formatNumber(n);
  const set = (key: "min" | "max", raw: string) => {
    setTyped((t) => ({ ...t, [key]: raw }));
    const n = raw.trim() ? parse(raw) : null;
    // A text that is not a number yet («8,») keeps the last bound that was one.
    if (raw.trim() && n === null) return;
    const next: Range = { ...value };
    if (n !== null) next[key] = n;
    else delete next[key];
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <fieldset className="filter-group filter-range">
      <legend>{legend}</legend>
      {ends.map(([key, word], i) => (
        <Fragment key={key}>
          {i > 0 && <span aria-hidden="true">–</span>}
          <label>
            <span className="visually-hidden">
              {legend} {word}, {unit}
            </span>
            <input
              className="form-input"
              name={names[key === "min" ? 0 : 1]}
              inputMode="text"
              autoComplete="off"
              placeholder={`${word}, ${unit}`}
              value={typed[key] ?? shown(value?.[key])}
              aria-invalid={error ? true : undefined}
              onChange={(e) => set(key, e.target.value)}
              onBlur={() => setTyped((t) => ({ ...t, [key]: undefined }))}
            />
          </label>
        </Fragment>
      ))}
      {error && (
        <p className="filter-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A long list with a name filter (localities, stations). */
function PickList({
  name,
  legend,
  items,
  selected,
  onToggle,
  empty,
}: {
  name: string;
  legend: string;
  items: LocationItem[];
  selected: number[] | undefined;
  onToggle(id: number): void;
  empty: string;
}) {
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase().replace(/ё/g, "е");
  const shown = q ? items.filter((i) => i.name.toLowerCase().replace(/ё/g, "е").includes(q)) : items;
  return (
    <fieldset className="filter-group filter-picklist">
      <legend>{legend}</legend>
      {items.length === 0 ? (
        <p className="filter-hint">{empty}</p>
      ) : (
        <>
          {items.length > 8 && (
            <input
              type="search"
              className="form-input"
              placeholder="Найти по названию"
              aria-label={`${legend}: найти по названию`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          )}
          <div className="filter-picklist__items">
            {shown.map((i) => (
              <label key={i.id} className="filter-check">
                <input
                  type="checkbox"
                  name={name}
                  value={i.id}
                  checked={selected?.includes(i.id) ?? false}
                  onChange={() => onToggle(i.id)}
                />
                {i.hex_color && (
                  <span className="filter-dot" style={{ background: i.hex_color }} aria-hidden="true" />
                )}
                <span>{i.name}</span>
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}

/**
 * The form's lists for a filter: the deadline years and the SPEC §4 cascade (regions → their localities →
 * their stations). A page with the form declares them in its data, so the form's first render has them.
 */
export function filterFormKeys(base: CatalogueFilter, filter: CatalogueFilter) {
  const regions = filter.regions ?? base.regions;
  return {
    years: apiKeys.completionYears(),
    localities: regions?.length ? apiKeys.locations("localities", { region_id: regions }) : undefined,
    stations: filter.localities?.length
      ? apiKeys.locations("subways", { locality_id: filter.localities })
      : undefined,
  };
}

/** A cascade list: the previous one stays while the next loads; no selection, or a failure (logged), empties it. */
function useCascadeList(key: ApiKey<{ data: LocationItem[] }> | undefined, what: string): LocationItem[] {
  const { data, error } = useApi(key, {
    keepPreviousData: true,
    onError: (e) => console.error(`Не удалось загрузить ${what}`, e),
  });
  return key && !error ? (data?.data ?? []) : [];
}

/**
 * The recount of SPEC §4: every change counts the matching complexes (the count request: page 1, per_page
 * 1). No count while a range is inverted; a failed count is reported, and the form is not submitted blind.
 */
function useCount(base: CatalogueFilter, draft: CatalogueFilter, initial: number, dirty: boolean) {
  const debounced = useDebounced(draft, 250);
  const key =
    dirty && !inverted(debounced.price) && !inverted(debounced.area)
      ? filterKeys.complexes({
          filter: mergeFilters(base, debounced),
          page: 1,
          perPage: 1,
          sort: DEFAULT_SORT,
        })
      : null;
  const { data, error, isLoading } = useApi(key);
  const waiting = dirty && (debounced !== draft || isLoading);
  return { count: key ? (data?.total ?? initial) : initial, loading: waiting, failed: Boolean(key && error) };
}

function Fields({
  draft,
  set,
  base,
  years,
  localityItems,
  stationItems,
  part,
}: {
  draft: CatalogueFilter;
  set(next: CatalogueFilter): void;
  base: CatalogueFilter;
  years: CompletionYear[];
  localityItems: LocationItem[];
  stationItems: LocationItem[];
  /** The bar shows the primary fields and the rest behind «Все фильтры»; the sheet shows all. */
  part: "primary" | "secondary" | "all";
}) {
  const toggle = (field: ListField) => (id: number) => {
    const next = { ...draft, [field]: toggleValue(draft[field] as number[] | undefined, id) };
    // The cascade: a region or locality change drops the choices below it that no longer belong.
    if (field === "regions") {
      delete next.localities;
      delete next.subway_stations;
    }
    if (field === "localities") delete next.subway_stations;
    set(next);
  };
  const setRange = (field: "price" | "area" | "payment") => (r: Range | undefined) => {
    const next = { ...draft };
    if (r) next[field] = r;
    else delete next[field];
    set(next);
  };
  // Type and time go together (SPEC §4): setting one pairs the other, clearing one clears both.
  const setDistance = (field: "distance_type" | "distance_time", value: string) => {
    const { distance_type: _, distance_time: __, ...rest } = draft;
    set(value ? pairDistance({ ...rest, [field]: Number(value) }) : rest);
  };
  const primary: ReactNode = (
    <>
      <RangeInputs field="price" value={draft.price} onChange={setRange("price")} />
      <Chips
        name={F.rooms.url[0]}
        legend={F.rooms.label}
        options={ROOMS.map((r) => ({ id: r, name: F.rooms.options[r] ?? "" }))}
        selected={draft.rooms}
        onToggle={toggle("rooms")}
      />
      <Chips
        name={F.deadline.url[0]}
        legend={F.deadline.label}
        options={years.map((y) => ({ id: y.year, name: y.label }))}
        selected={draft.deadline}
        onToggle={toggle("deadline")}
      />
    </>
  );
  if (part === "primary") return primary;
  return (
    <>
      {part === "all" && primary}
      <RangeInputs field="area" value={draft.area} onChange={setRange("area")} />
      <RangeInputs
        field="payment"
        value={draft.payment}
        onChange={setRange("payment")}
        ends={RANGE_ENDS.filter(([key]) => key === "max")}
      />
      {!base.regions && !base.location && (
        <Chips
          name={F.regions.url[0]}
          legend={F.regions.label}
          options={REGION_OPTIONS}
          selected={draft.regions}
          onToggle={toggle("regions")}
        />
      )}
      {/* The type-ahead needs script (it asks the search as one types): only the browser renders it. */}
      <InBrowser>
        <Suspense fallback={null}>
          {!base.subway_stations && !base.location && (
            <TYPE_AHEAD.Component
              kind="subway_stations"
              legend="Метро, МЦК, МЦД"
              placeholder="Начните вводить станцию, например «Сокол»"
              selected={draft.subway_stations ?? []}
              onPick={(o) =>
                set({ ...draft, subway_stations: [...new Set([...(draft.subway_stations ?? []), o.id])] })
              }
              onRemove={toggle("subway_stations")}
            />
          )}
          {!base.developers && (
            <TYPE_AHEAD.Component
              kind="developers"
              legend="Застройщик"
              placeholder="Название застройщика"
              selected={draft.developers ?? []}
              onPick={(o) => set({ ...draft, developers: [...new Set([...(draft.developers ?? []), o.id])] })}
              onRemove={toggle("developers")}
            />
          )}
        </Suspense>
      </InBrowser>
      {!base.location && (
        <>
          <PickList
            name={F.localities.url[0]}
            legend={F.localities.label}
            items={localityItems}
            selected={draft.localities}
            onToggle={toggle("localities")}
            empty="Сначала выберите регион"
          />
          <PickList
            name={F.subway_stations.url[0]}
            legend="Станции населённого пункта"
            items={stationItems}
            selected={draft.subway_stations}
            onToggle={toggle("subway_stations")}
            empty="Сначала выберите населённый пункт"
          />
        </>
      )}
      {CODE_CHIPS.map((name) => (
        <Chips
          key={name}
          name={F[name].url[0]}
          legend={F[name].label}
          options={codes(F[name].options)}
          selected={draft[name]}
          onToggle={toggle(name)}
        />
      ))}
      <fieldset className="filter-group filter-distance">
        <legend>До станции</legend>
        {(
          [
            ["distance_type", "Не важно"],
            ["distance_time", "Любое время"],
          ] as const
        ).map(([field, any]) => (
          <label key={field}>
            <span className="visually-hidden">{F[field].label}</span>
            <select
              className="form-input"
              name={F[field].url[0]}
              value={draft[field] ?? ""}
              onChange={(e) => setDistance(field, e.target.value)}
            >
              <option value="">{any}</option>
              {codes(F[field].options).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/**
 * The listing filter (SPEC §2, §4): a bar above the listing on desktop, a full-screen sheet on phones. It is a
 * GET form, so it works without JavaScript; with JavaScript every change recounts and the submit button says
 * what it will show.
 */
export function FilterForm({ base, value, sort, total, action, ad }: FilterFormProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CatalogueFilter>(value);
  const [dirty, setDirty] = useState(false);
  const [sheet, setSheet] = useState(false);
  useEffect(() => {
    setDraft(value);
    setDirty(false);
  }, [value]);
  const keys = filterFormKeys(base, draft);
  const years = useApi(keys.years).data?.data ?? [];
  const localityItems = useCascadeList(keys.localities, "населённые пункты");
  const stationItems = useCascadeList(keys.stations, "станции");
  const { count, loading, failed } = useCount(base, draft, total, dirty);
  const set = (next: CatalogueFilter) => {
    setDraft(next);
    setDirty(true);
  };
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setSheet(false);
    if (!blocked) navigate(`${action}${filterToUrlQuery(draft, 1, sort)}`);
  };
  const invalid = inverted(draft.price) || inverted(draft.area);
  const blocked = loading || failed || invalid || count === 0;
  const submitLabel = invalid
    ? "Исправьте диапазон"
    : failed
      ? "Не удалось посчитать"
      : loading
        ? "Считаем…"
        : count > 0
          ? `Показать ${countOf(count, WORDS.complex)}`
          : "Ничего не найдено";
  const notice = failed && (
    <p className="filter-error" role="alert">
      Не удалось посчитать ЖК. Проверьте соединение и измените фильтр ещё раз.
    </p>
  );
  const setCount = filterValueCount(value);
  const fieldProps = { draft, set, base, years, localityItems, stationItems };
  const sortSelect = (
    <label className="filter-sort">
      <span>{SORT_FIELD.label}</span>
      <select
        className="form-input"
        name={SORT_FIELD.url}
        value={sort}
        onChange={(e) => {
          navigate(`${action}${filterToUrlQuery(value, 1, e.target.value as Sort)}`);
        }}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_FIELD.options[s]}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <div className={ad ? "filter-area filter-area--ad" : "filter-area"}>
        <form
          className="filter-bar"
          method="get"
          action={action}
          onSubmit={apply}
          aria-label="Фильтры новостроек"
        >
          <div className="filter-bar__primary">
            <Fields {...fieldProps} part="primary" />
          </div>
          <details className="filter-bar__more">
            <summary>Все фильтры</summary>
            <div className="filter-bar__rest">
              <Fields {...fieldProps} part="secondary" />
            </div>
          </details>
          <div className="filter-bar__actions">
            {sortSelect}
            <a
              className="button button--ghost"
              href={action}
              onClick={(e) => {
                e.preventDefault();
                setDraft({});
                navigate(action);
              }}
            >
              Сбросить
            </a>
            <button type="submit" className="button" disabled={blocked} aria-live="polite">
              {submitLabel}
            </button>
            {notice}
          </div>
        </form>
        {ad}
      </div>
      <div className="filter-mobile">
        <button type="button" className="button filter-mobile__open" onClick={() => setSheet(true)}>
          Фильтры{setCount ? ` (${setCount})` : ""}
        </button>
        {sortSelect}
      </div>
      <Modal open={sheet} onClose={() => setSheet(false)} title="Фильтры">
        <form className="filter-sheet" method="get" action={action} onSubmit={apply}>
          <Fields {...fieldProps} part="all" />
          {ad}
          <div className="filter-sheet__actions">
            <button type="button" className="button button--ghost" onClick={() => set(modalReset(draft))}>
              Сбросить
            </button>
            <button type="submit" className="button" disabled={blocked}>
              {submitLabel}
            </button>
            {notice}
          </div>
        </form>
      </Modal>
    </>
  );
}

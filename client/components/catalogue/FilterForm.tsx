import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { type ApiKey, apiKeys } from "../../../shared/api-keys";
import {
  BUILD_STAGES,
  BUILD_TYPES,
  CLASSES,
  OTDELKA,
  PARKING,
  ROOM_LABELS,
  ROOMS,
} from "../../../shared/codes";
import { SORTS, type Sort } from "../../../shared/constants";
import {
  type CatalogueFilter,
  filterToUrlParams,
  type ListField,
  mergeFilters,
  modalReset,
  pairDistance,
  type Range,
  toggleValue,
} from "../../../shared/filters/catalogue";
import { countOf, WORDS } from "../../../shared/format";
import type { CompletionYear } from "../../../shared/schemas/catalogue";
import type { LocationItem } from "../../../shared/schemas/locations";
import { api } from "../../api";
import { useApi } from "../../hooks/use-api";
import { useDebounced } from "../../hooks/use-debounced";
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

const REGIONS = [
  { id: 1, name: "Москва" },
  { id: 2, name: "Новая Москва" },
  { id: 3, name: "Подмосковье" },
];
const DISTANCE_TIMES = [5, 10, 15, 20, 30];
const codes = (o: Record<number, string>) => Object.entries(o).map(([k, v]) => ({ id: Number(k), name: v }));

/** The filters chosen from one of the code tables, in the order the form shows them. */
const CODE_CHIPS: readonly [ListField & keyof CatalogueFilter, string, Record<number, string>][] = [
  ["otdelka", "Отделка", OTDELKA],
  ["build_stage", "Стадия строительства", BUILD_STAGES],
  ["build_class", "Класс жилья", CLASSES],
  ["build_type", "Тип дома", BUILD_TYPES],
  ["parking", "Парковка", PARKING],
];

const SORT_LABELS: Record<Sort, string> = { "price desc": "Сначала дороже", "price asc": "Сначала дешевле" };

/** How many filters are set, for the «Фильтры (N)» button. */
export function countSet(f: CatalogueFilter): number {
  return Object.entries(f).filter(([k, v]) => k !== "distance_time" && v !== undefined).length;
}

function Chips({
  name,
  legend,
  options,
  selected,
  onToggle,
}: {
  name: ListField;
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

function RangeInputs({
  legend,
  names,
  unit,
  value,
  onChange,
}: {
  legend: string;
  names: [string, string];
  unit: string;
  value: Range | undefined;
  onChange(r: Range | undefined): void;
}) {
  const set = (key: "min" | "max", raw: string) => {
    const digits = raw.replace(/[^\d]/g, "");
    const next: Range = { ...value };
    if (digits) next[key] = Number(digits);
    else delete next[key];
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <fieldset className="filter-group filter-range">
      <legend>{legend}</legend>
      {RANGE_ENDS.map(([key, word], i) => (
        <Fragment key={key}>
          {i > 0 && <span aria-hidden="true">–</span>}
          <label>
            <span className="visually-hidden">
              {legend} {word}, {unit}
            </span>
            <input
              name={names[i]}
              inputMode="numeric"
              placeholder={`${word}, ${unit}`}
              value={value?.[key] ?? ""}
              onChange={(e) => set(key, e.target.value)}
            />
          </label>
        </Fragment>
      ))}
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
  name: ListField;
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
              className="filter-picklist__search"
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

/** The recount of SPEC §4: every change counts the matching complexes (the count request). */
function useCount(base: CatalogueFilter, draft: CatalogueFilter, initial: number, dirty: boolean) {
  const debounced = useDebounced(draft, 250);
  const [count, setCount] = useState(initial);
  const [loading, setLoading] = useState(false);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!dirty) return;
    let live = true;
    setLoading(true);
    api.countComplexes(mergeFilters(base, debounced)).then((n) => {
      if (!live) return;
      if (n !== null) setCount(n);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [base, debounced, dirty]);
  return { count, loading };
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
  const setRange = (field: "price" | "area") => (r: Range | undefined) => {
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
      <RangeInputs
        legend="Цена"
        names={["min_price", "max_price"]}
        unit="₽"
        value={draft.price}
        onChange={setRange("price")}
      />
      <Chips
        name="rooms"
        legend="Комнаты"
        options={ROOMS.map((r) => ({ id: r, name: ROOM_LABELS[r] ?? "" }))}
        selected={draft.rooms}
        onToggle={toggle("rooms")}
      />
      <Chips
        name="deadline"
        legend="Срок сдачи"
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
      <RangeInputs
        legend="Площадь"
        names={["min_area", "max_area"]}
        unit="м²"
        value={draft.area}
        onChange={setRange("area")}
      />
      {!base.regions && !base.location && (
        <Chips
          name="regions"
          legend="Регион"
          options={REGIONS}
          selected={draft.regions}
          onToggle={toggle("regions")}
        />
      )}
      {!base.location && (
        <>
          <PickList
            name="localities"
            legend="Населённый пункт"
            items={localityItems}
            selected={draft.localities}
            onToggle={toggle("localities")}
            empty="Сначала выберите регион"
          />
          <PickList
            name="subway_stations"
            legend="Метро, МЦК, МЦД"
            items={stationItems}
            selected={draft.subway_stations}
            onToggle={toggle("subway_stations")}
            empty="Сначала выберите населённый пункт"
          />
        </>
      )}
      {CODE_CHIPS.map(([name, legend, table]) => (
        <Chips
          key={name}
          name={name}
          legend={legend}
          options={codes(table)}
          selected={draft[name]}
          onToggle={toggle(name)}
        />
      ))}
      <fieldset className="filter-group filter-distance">
        <legend>До станции</legend>
        <label>
          <span className="visually-hidden">Как добираться</span>
          <select
            name="distance_type"
            value={draft.distance_type ?? ""}
            onChange={(e) => setDistance("distance_type", e.target.value)}
          >
            <option value="">Не важно</option>
            <option value="1">Пешком</option>
            <option value="2">На транспорте</option>
          </select>
        </label>
        <label>
          <span className="visually-hidden">Сколько минут</span>
          <select
            name="distance_time"
            value={draft.distance_time ?? ""}
            onChange={(e) => setDistance("distance_time", e.target.value)}
          >
            <option value="">Любое время</option>
            {DISTANCE_TIMES.map((m) => (
              <option key={m} value={m}>
                до {m} мин
              </option>
            ))}
          </select>
        </label>
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
  const { count, loading } = useCount(base, draft, total, dirty);
  const set = (next: CatalogueFilter) => {
    setDraft(next);
    setDirty(true);
  };
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setSheet(false);
    const qs = filterToUrlParams(draft, 1, sort).toString();
    navigate(`${action}${qs ? `?${qs}` : ""}`);
  };
  const submitLabel = loading
    ? "Считаем…"
    : count > 0
      ? `Показать ${countOf(count, WORDS.complex)}`
      : "Ничего не найдено";
  const disabled = loading || count === 0;
  const setCount = countSet(value);
  const fieldProps = { draft, set, base, years, localityItems, stationItems };
  const sortSelect = (
    <label className="filter-sort">
      <span>Сортировка</span>
      <select
        name="sort"
        value={sort}
        onChange={(e) => {
          const qs = filterToUrlParams(value, 1, e.target.value as Sort).toString();
          navigate(`${action}${qs ? `?${qs}` : ""}`);
        }}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
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
            <button type="submit" className="button" disabled={disabled} aria-live="polite">
              {submitLabel}
            </button>
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
            <button type="submit" className="button" disabled={disabled}>
              {submitLabel}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}

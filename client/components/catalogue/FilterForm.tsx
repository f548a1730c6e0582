/**
 * The listing filter's form (SPEC §2, §4): a lazy part of the pages with a filter (Filter.tsx has the frame the
 * page's chunk carries). It is a GET form, so it works without JavaScript; with JavaScript every change
 * recounts and the submit button says what it will show.
 */
import {
  type FormEvent,
  Fragment,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import type { ApiKey } from "../../../shared/api-keys";
import { ROOMS } from "../../../shared/codes";
import { DEFAULT_SORT, type Sort } from "../../../shared/constants";
import { filterKeys } from "../../../shared/filter-keys";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  distanceOptions,
  filterToUrlQuery,
  type ListField,
  mergeFilters,
  modalReset,
  pairDistance,
  type Range,
  readPageQuery,
  toggleValue,
} from "../../../shared/filters/catalogue";
import type { FieldTable } from "../../../shared/filters/fields";
import { countOf, formatDecimal, formatNumber, WORDS } from "../../../shared/format";
import { REGIONS } from "../../../shared/geo/regions";
import { filterFormKeys } from "../../../shared/listing";
import type { FilterFacets } from "../../../shared/schemas/catalogue";
import type { LocationItem } from "../../../shared/schemas/locations";
import { useApi } from "../../hooks/use-api";
import { useDebounced } from "../../hooks/use-debounced";
import { InBrowser } from "../../hooks/use-in-browser";
import { TYPE_AHEAD } from "../../pages";
import { AmountHint } from "../AmountHint";
import { Modal } from "../Modal";
import type { FilterProps } from "./Filter";
import { SortSelect } from "./SortSelect";
import "./filters.css";

export interface FilterFormProps extends Omit<FilterProps, "ad"> {
  /** The phone's sheet is open (its button is in Filter.tsx), and how the form closes it. */
  sheet: boolean;
  onSheet(open: boolean): void;
  /** The filter's banner at the end of the sheet (beside the bar it is Filter.tsx's). */
  sheetAd: ReactNode;
}

/** A control the visitor changed before the form hydrated: React keeps its value, unlike its default. */
const edited = (el: Element) =>
  (el instanceof HTMLInputElement &&
    (el.type === "checkbox" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue)) ||
  (el instanceof HTMLSelectElement && [...el.options].some((o) => o.selected !== o.defaultSelected));

/**
 * What was typed into a text field before the form hydrated (the chunk arrives after the page's) becomes its
 * state, so the next render does not put the server's value back.
 */
function useKeptText(ref: RefObject<HTMLInputElement | null>, set: (text: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field hydrates
  useEffect(() => {
    const field = ref.current;
    if (field && edited(field)) set(field.value);
  }, []);
}

/** The bounds typed into a range's fields («от», «до»); undefined when neither is a number. */
function typedRange(raw: string[], parse: (s: string) => number | null): Range | undefined {
  const [min, max] = raw.map((s) => (s.trim() ? (parse(s) ?? undefined) : undefined));
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/**
 * The same for the whole form: the fields the visitor changed before it hydrated are read from the DOM (as the
 * URL reads them, so a submit now sends what a native one would have) into the draft, which recounts; an
 * order chosen meanwhile applies, as a choice of it does.
 */
function useKeptEdits(
  ref: RefObject<HTMLFormElement | null>,
  value: CatalogueFilter,
  sort: Sort,
  apply: (draft: CatalogueFilter, sort: Sort) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form hydrates
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const changed = new Set([...form.elements].filter(edited).map((el) => (el as HTMLInputElement).name));
    if (!changed.size) return;
    const data = new FormData(form);
    const pairs = [...data].map(([k, v]): [string, string] => [k, String(v)]);
    const typed = readPageQuery(new URLSearchParams(pairs), 1);
    const draft: Record<string, unknown> = { ...value };
    for (const [key, def] of Object.entries(CATALOGUE_FIELDS as FieldTable)) {
      if (!(def.url ?? []).some((name) => changed.has(name))) continue;
      // A range as typed, «от» above «до» too (the URL's reading would swap them; the form says so instead).
      const next =
        def.kind === "range" && def.url && def.parse
          ? typedRange(
              def.url.map((name) => String(data.get(name) ?? "")),
              def.parse,
            )
          : typed.filter[key as keyof CatalogueFilter];
      if (next === undefined) delete draft[key];
      else draft[key] = next;
    }
    apply(pairDistance(draft as CatalogueFilter), changed.has("sort") ? typed.sort : sort);
  }, []);
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

type RangeField = "price" | "area" | "payment";

/** One bound of a range: what is being typed, or the bound formatted once the field is left. */
function RangeEnd({
  field,
  end: [key, word],
  value,
  invalid,
  onType,
}: {
  field: RangeField;
  end: (typeof RANGE_ENDS)[number];
  value: number | undefined;
  invalid: boolean;
  onType(raw: string): void;
}) {
  const { label: legend, url: names, unit } = F[field];
  const [typed, setTyped] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  useKeptText(ref, setTyped);
  const shown = value === undefined ? "" : field === "area" ? formatDecimal(value, 1) : formatNumber(value);
  return (
    <label>
      <span className="visually-hidden">
        {legend} {word}, {unit}
      </span>
      <input
        ref={ref}
        className="form-input"
        name={names[key === "min" ? 0 : 1]}
        inputMode="text"
        autoComplete="off"
        placeholder={`${word}, ${unit}`}
        value={typed ?? shown}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          onType(e.target.value);
        }}
        onBlur={() => setTyped(undefined)}
      />
    </label>
  );
}

/**
 * «от» and «до» of a range, typed as people write them («8 млн», «8,5 млн», «8 500 000»: the table's parse)
 * and shown formatted once the field is left. `ends`: the payment has only «до».
 */
function RangeInputs({
  field,
  value,
  onChange,
  hrefOf,
  ends = RANGE_ENDS,
}: {
  field: RangeField;
  value: Range | undefined;
  onChange(r: Range | undefined): void;
  /** The listing's address with the range replaced (the hint's link, which works without JavaScript). */
  hrefOf(r: Range): string;
  ends?: readonly (typeof RANGE_ENDS)[number][];
}) {
  const { label: legend, parse } = F[field];
  const error = inverted(value) ? `${legend}: «от» больше, чем «до»` : null;
  const set = (key: "min" | "max", raw: string) => {
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
      {ends.map((end, i) => (
        <Fragment key={end[0]}>
          {i > 0 && <span aria-hidden="true">–</span>}
          <RangeEnd
            field={field}
            end={end}
            value={value?.[end[0]]}
            invalid={error !== null}
            onType={(raw) => set(end[0], raw)}
          />
        </Fragment>
      ))}
      {error && (
        <p className="filter-error" role="alert">
          {error}
        </p>
      )}
      {!error && field !== "area" && (
        <AmountHint field={field} legend={legend} value={value} hrefOf={hrefOf} onPick={onChange} />
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
  const search = useRef<HTMLInputElement>(null);
  useKeptText(search, setQuery);
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
              ref={search}
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
  hrefOf,
  base,
  facets,
  localityItems,
  stationItems,
  part,
}: {
  draft: CatalogueFilter;
  set(next: CatalogueFilter): void;
  /** The listing's address for a filter. */
  hrefOf(filter: CatalogueFilter): string;
  base: CatalogueFilter;
  /** The form's facts (years, nearest stations); undefined until they come (every option is offered). */
  facets: FilterFacets | undefined;
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
  const all = (o: Readonly<Record<number, string>>) => Object.keys(o).map(Number);
  const options = facets
    ? distanceOptions(facets.distances, draft.distance_type ?? 1)
    : { types: all(F.distance_type.options), times: all(F.distance_time.options) };
  const offered = { distance_type: options.types, distance_time: options.times };
  const primary: ReactNode = (
    <>
      <RangeInputs
        field="price"
        value={draft.price}
        onChange={setRange("price")}
        hrefOf={(price) => hrefOf({ ...draft, price })}
      />
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
        options={(facets?.data ?? []).map((y) => ({ id: y.year, name: y.label }))}
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
        field="area"
        value={draft.area}
        onChange={setRange("area")}
        hrefOf={(area) => hrefOf({ ...draft, area })}
      />
      <RangeInputs
        field="payment"
        value={draft.payment}
        onChange={setRange("payment")}
        hrefOf={(payment) => hrefOf({ ...draft, payment })}
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
      {/* Only the distances something is found at (a chosen one stays shown). */}
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
              {codes(F[field].options)
                .filter((o) => offered[field].includes(o.id) || draft[field] === o.id)
                .map((o) => (
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

/** The form: the bar on desktop, the sheet on phones, one draft. */
export default function FilterForm({
  base,
  value,
  sort,
  total,
  action,
  sheet,
  onSheet,
  sheetAd,
}: FilterFormProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CatalogueFilter>(value);
  const [dirty, setDirty] = useState(false);
  // A new filter from the URL replaces the draft (an equal one, as a new object, does not).
  const applied = filterToUrlQuery(value);
  const [draftOf, setDraftOf] = useState(applied);
  if (draftOf !== applied) {
    setDraftOf(applied);
    setDraft(value);
    setDirty(false);
  }
  const keys = filterFormKeys(base, draft);
  const facets = useApi(keys.years).data;
  const localityItems = useCascadeList(keys.localities, "населённые пункты");
  const stationItems = useCascadeList(keys.stations, "станции");
  const { count, loading, failed } = useCount(base, draft, total, dirty);
  const set = (next: CatalogueFilter) => {
    setDraft(next);
    setDirty(true);
  };
  const bar = useRef<HTMLFormElement>(null);
  useKeptEdits(bar, value, sort, (kept, keptSort) => {
    if (keptSort !== sort) navigate(`${action}${filterToUrlQuery(kept, 1, keptSort)}`);
    else set(kept);
  });
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    onSheet(false);
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
  const notice = failed ? (
    <p className="filter-error" role="alert">
      Не удалось посчитать ЖК. Проверьте соединение и измените фильтр ещё раз.
    </p>
  ) : (
    !loading &&
    !invalid &&
    count === 0 && (
      <p className="filter-note" role="status">
        ЖК с такими параметрами нет: измените фильтр или сбросьте его.
      </p>
    )
  );
  const hrefOf = (filter: CatalogueFilter) => `${action}${filterToUrlQuery(filter, 1, sort)}`;
  const fieldProps = { draft, set, hrefOf, base, facets, localityItems, stationItems };
  return (
    <>
      <form
        ref={bar}
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
          <SortSelect action={action} value={value} sort={sort} />
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
      <Modal open={sheet} onClose={() => onSheet(false)} title="Фильтры">
        <form className="filter-sheet" method="get" action={action} onSubmit={apply}>
          <Fields {...fieldProps} part="all" />
          {sheetAd}
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

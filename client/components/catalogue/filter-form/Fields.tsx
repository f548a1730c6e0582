/** The form's fields, in the bar (primary, secondary behind «Все фильтры») and in the phone's sheet (all). */
import { type ReactNode, Suspense } from "react";
import { ROOMS } from "../../../../shared/codes";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  distanceOptions,
  type ListField,
  pairDistance,
  type Range,
  toggleValue,
} from "../../../../shared/filters/catalogue";
import { REGIONS } from "../../../../shared/geo/regions";
import { filterFormKeys } from "../../../../shared/listing";
import type { FilterFacets } from "../../../../shared/schemas/catalogue";
import { InBrowser } from "../../../hooks/use-in-browser";
import { TYPE_AHEAD } from "../../../pages";
import { CommuteFields } from "./CommuteFields";
import { Chips, codes, PickList } from "./controls";
import { RangeInputs } from "./RangeInputs";
import { FORM_RANGES, useCascadeList } from "./use-counts";

const REGION_OPTIONS = REGIONS.map((r) => ({ id: r.id, name: r.label }));
const F = CATALOGUE_FIELDS;

/** The filters chosen from one of the code tables, in the order the form shows them. */
const CODE_CHIPS = ["otdelka", "build_stage", "build_class", "build_type", "parking"] as const;

/** The construction's yes/no filters (issue 31), as chips that are on or off. */
const FLAG_CHIPS = ["no_moves", "low_risk"] as const;

/** The ranges in the bar's first row; the table's other ranges are behind «Все фильтры». */
const PRIMARY = new Set(["price"]);
const PRIMARY_RANGES = FORM_RANGES.filter(([key]) => PRIMARY.has(key));

export function Fields({
  draft,
  set,
  hrefOf,
  base,
  facets,
  part,
}: {
  draft: CatalogueFilter;
  set(next: CatalogueFilter): void;
  /** The listing's address for a filter. */
  hrefOf(filter: CatalogueFilter): string;
  base: CatalogueFilter;
  /** The form's facts (years, nearest stations); undefined until they come (every option is offered). */
  facets: FilterFacets | undefined;
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
  // Every range of the table the form offers (formRanges): a range added to the table is in the form.
  const ranges = (list: typeof FORM_RANGES) =>
    list.map(([field, def]) => (
      <RangeInputs
        key={field}
        field={field}
        def={def}
        value={(draft as Record<string, Range | undefined>)[field]}
        onChange={(r) => {
          const next: Record<string, unknown> = { ...draft };
          if (r) next[field] = r;
          else delete next[field];
          set(next as CatalogueFilter);
        }}
        hrefOf={(r) => hrefOf({ ...draft, [field]: r })}
      />
    ));
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
      {ranges(PRIMARY_RANGES)}
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
      {ranges(FORM_RANGES.filter(([key]) => !PRIMARY.has(key)))}
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
        <Cascade
          base={base}
          draft={draft}
          onLocality={toggle("localities")}
          onStation={toggle("subway_stations")}
        />
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
      <fieldset className="filter-group">
        <legend>Сроки и риск переноса</legend>
        <div className="filter-chips">
          {FLAG_CHIPS.map((name) => (
            <label key={name} className="chip-check">
              <input
                type="checkbox"
                name={F[name].url[0]}
                value="1"
                checked={draft[name] === true}
                onChange={() => {
                  const { [name]: _, ...rest } = draft;
                  set(draft[name] ? rest : { ...rest, [name]: true });
                }}
              />
              <span>{F[name].label}</span>
            </label>
          ))}
        </div>
      </fieldset>
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
      <CommuteFields draft={draft} set={set} />
    </>
  );
}

/**
 * The cascade below the regions: the chosen regions' localities, then the chosen localities' stations. Its
 * lists are asked for here, where they are shown (behind «Все фильтры» and in the sheet), so the form's own
 * first render does not carry them.
 */
function Cascade({
  base,
  draft,
  onLocality,
  onStation,
}: {
  base: CatalogueFilter;
  draft: CatalogueFilter;
  onLocality(id: number): void;
  onStation(id: number): void;
}) {
  const keys = filterFormKeys(base, draft);
  const localityItems = useCascadeList(keys.localities, "населённые пункты");
  const stationItems = useCascadeList(keys.stations, "станции");
  return (
    <>
      <PickList
        name={F.localities.url[0]}
        legend={F.localities.label}
        items={localityItems}
        selected={draft.localities}
        onToggle={onLocality}
        empty="Сначала выберите регион"
      />
      <PickList
        name={F.subway_stations.url[0]}
        legend="Станции населённого пункта"
        items={stationItems}
        selected={draft.subway_stations}
        onToggle={onStation}
        empty="Сначала выберите населённый пункт"
      />
    </>
  );
}

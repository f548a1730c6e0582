/** The form's choice controls: chips of a short list, a long list with a name filter. */
import { useRef, useState } from "react";
import { CATALOGUE_FIELDS } from "../../../../shared/filters/catalogue";
import type { LocationItem } from "../../../../shared/schemas/locations";
import { useKeptText } from "./kept-edits";

/** A code table as the chips' options. */
export const codes = (o: Readonly<Record<number, string>>) =>
  Object.entries(o).map(([k, v]) => ({ id: Number(k), name: v }));

/** A multi-select of a short list (SPEC §4): one checkbox per option, under the field's URL name. */
/** The commute limit's choices, «Любое время» first: the filter form's select and the method page's. */
export function CommuteLimitOptions() {
  return (
    <>
      <option value="">Любое время</option>
      {codes(CATALOGUE_FIELDS.commute_max.options).map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </>
  );
}

export function Chips({
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

/** A long list with a name filter (localities, stations). */
export function PickList({
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

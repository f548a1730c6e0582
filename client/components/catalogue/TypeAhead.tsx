/**
 * A type-ahead for stations (with their line's colour and number) and developers: the visitor types a few
 * letters, the site's search answers (search/entities-by-word, the same FTS as the header's search), and a
 * pick adds the id to the filter. It works at once for the whole of Moscow; the region → locality → station
 * cascade stays for the region. Chosen ones show as chips, each a checkbox the form submits without script.
 */
import { useEffect, useId, useState } from "react";
import { apiKeys } from "../../../shared/api-keys";
import type { SearchResult } from "../../../shared/schemas/main";
import { useDebounced } from "../../hooks/use-debounced";
import { fetchJson } from "../../http";
import { LineBadge } from "../complex/Stations";

export type TypeAheadKind = "subway_stations" | "developers";

export interface TypeAheadOption {
  id: number;
  name: string;
  color?: string;
  line?: string;
}

function optionsOf(kind: TypeAheadKind, r: SearchResult): TypeAheadOption[] {
  return kind === "subway_stations"
    ? r.subway_stations.map((s) => ({ id: s.id, name: s.name, color: s.color, line: s.line }))
    : r.developers.map((d) => ({ id: d.id, name: d.name }));
}

function Badge({ option }: { option: TypeAheadOption }) {
  return option.color ? <LineBadge station={{ color: option.color, line: option.line ?? "" }} /> : null;
}

export interface TypeAheadProps {
  kind: TypeAheadKind;
  /** The chips' field name (the form submits it); the kind by default. */
  name?: string;
  /** Chosen options whose names the page already has (no lookup for them). */
  known?: readonly TypeAheadOption[];
  legend: string;
  placeholder: string;
  selected: readonly number[];
  onPick(option: TypeAheadOption): void;
  onRemove(id: number): void;
}

/** Loaded on demand (client/pages.ts TYPE_AHEAD): only the browser renders it, after hydration. */
export default function TypeAhead({
  kind,
  name = kind,
  known = [],
  legend,
  placeholder,
  selected,
  onPick,
  onRemove,
}: TypeAheadProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [options, setOptions] = useState<TypeAheadOption[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const query = useDebounced(text.trim(), 200);
  const [found, setFound] = useState<ReadonlyMap<number, TypeAheadOption>>(
    () => new Map(known.map((o) => [o.id, o])),
  );
  // Chosen ids that came with the URL: their names (and line badges) are looked up once.
  const unknown = selected.filter((sid) => !found.has(sid)).join(",");
  useEffect(() => {
    if (!unknown) return;
    let live = true;
    Promise.all(
      unknown.split(",").map((sid) =>
        (kind === "subway_stations"
          ? fetchJson(apiKeys.location("subways", sid)).then(
              ({ data: l }): TypeAheadOption => ({
                id: l.id,
                name: l.name,
                color: l.hex_color ?? undefined,
                line: l.line ?? "",
              }),
            )
          : fetchJson(apiKeys.company(sid)).then((c): TypeAheadOption => ({ id: c.id, name: c.name }))
        ).catch(() => null),
      ),
    ).then((list) => {
      if (!live) return;
      setFound((prev) => new Map([...prev, ...list.flatMap((o) => (o ? [[o.id, o] as const] : []))]));
    });
    return () => {
      live = false;
    };
  }, [unknown, kind]);

  useEffect(() => {
    if (query.length < 2) {
      // The same empty list stays (a new one rendered the field again on mount, for nothing).
      setOptions((shown) => (shown.length ? [] : shown));
      return;
    }
    let live = true;
    fetchJson(apiKeys.search(query)).then(
      (r) => {
        if (!live) return;
        setOptions(optionsOf(kind, r));
        setActive(0);
      },
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [query, kind]);

  const pick = (o: TypeAheadOption) => {
    setFound((prev) => new Map(prev).set(o.id, o));
    onPick(o);
    setText("");
    setOptions([]);
    setOpen(false);
  };
  const listId = `${id}-list`;
  const expanded = open && options.length > 0;
  return (
    <fieldset className="filter-group type-ahead">
      <legend>{legend}</legend>
      {selected.length > 0 && (
        <div className="filter-chips">
          {selected.map((sid) => {
            const o = found.get(sid);
            return (
              <label key={sid} className="chip-check">
                <input type="checkbox" name={name} value={sid} checked onChange={() => onRemove(sid)} />
                <span>
                  {o && <Badge option={o} />} {o?.name ?? `№ ${sid}`}
                </span>
              </label>
            );
          })}
        </div>
      )}
      <div className="type-ahead__box">
        <input
          type="text"
          role="combobox"
          className="form-input"
          aria-label={legend}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `${id}-${active}` : undefined}
          placeholder={placeholder}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              const step = e.key === "ArrowDown" ? 1 : -1;
              setActive((a) => (a + step + options.length) % Math.max(1, options.length));
              setOpen(true);
            } else if (e.key === "Enter" && expanded) {
              e.preventDefault();
              const o = options[active];
              if (o) pick(o);
            } else if (e.key === "Escape") setOpen(false);
          }}
        />
        {expanded && (
          <div id={listId} role="listbox" className="type-ahead__list" aria-label={legend}>
            {options.map((o, i) => (
              <div
                key={o.id}
                id={`${id}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={
                  i === active ? "type-ahead__option type-ahead__option--active" : "type-ahead__option"
                }
                // Before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o);
                }}
              >
                <Badge option={o} />
                <span>{o.name}</span>
                {selected.includes(o.id) && <span className="type-ahead__chosen"> — выбрано</span>}
              </div>
            ))}
          </div>
        )}
      </div>
    </fieldset>
  );
}

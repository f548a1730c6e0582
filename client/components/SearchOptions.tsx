/**
 * What the header's search found (search/entities-by-word): its request and its list. A lazy part of the
 * search box (client/pages.ts SEARCH_OPTIONS), loaded as the box is first focused or pointed at; the box keeps
 * the text typed before it arrives, and the search runs for it then.
 */
import { useEffect } from "react";
import type { SearchResult } from "../../shared/schemas/main";

export interface SearchOption {
  group: string;
  label: string;
  hint?: string;
  url: string;
  color?: string;
}

export interface SearchOptionsProps {
  /** The search box's id: the list is `{id}-list`, an option `{id}-{index}`. */
  id: string;
  /** The debounced text, two characters or more. */
  keyword: string;
  /** Whether the list is shown (the box has focus). */
  shown: boolean;
  /** The text changed after the keyword: an empty list is still being looked for. */
  pending: boolean;
  options: SearchOption[];
  active: number;
  /** The options found for the keyword (stable: the search runs again when it changes). */
  onFound(options: SearchOption[]): void;
  onActive(index: number): void;
  onPick(option: SearchOption): void;
}

function optionsOf(r: SearchResult | null): SearchOption[] {
  if (!r) return [];
  return [
    ...r.residential_complexes.map((c) => ({
      group: "ЖК",
      label: `ЖК «${c.name}»`,
      hint: c.address,
      url: c.url,
    })),
    ...r.subway_stations.map((s) => ({ group: "Метро", label: s.name, url: s.url, color: s.color })),
    ...r.districts.map((d) => ({ group: "Районы", label: d.name, url: d.url })),
    ...r.developers.map((d) => ({ group: "Застройщики", label: d.name, url: d.url })),
  ];
}

export default function SearchOptions(props: SearchOptionsProps) {
  const { id, keyword, shown, pending, options, active, onFound, onActive, onPick } = props;

  useEffect(() => {
    let live = true;
    // The API helpers come with the first search, not with the entry (they carry the catalogue filters).
    import("../api").then(async ({ api }) => {
      const r = await api.entitiesByWord(keyword);
      if (live) onFound(optionsOf(r));
    });
    return () => {
      live = false;
    };
  }, [keyword, onFound]);
  // A keyword of less than two characters (this part gone) finds nothing.
  useEffect(() => () => onFound([]), [onFound]);

  if (!shown) return null;
  return (
    <div id={`${id}-list`} role="listbox" className="search-box__list" aria-label="Найдено">
      {options.length === 0 && (
        <div className="search-box__empty">
          {pending ? "Ищем…" : "Ничего не нашлось — проверьте написание"}
        </div>
      )}
      {options.map((o, i) => (
        <div
          key={`${o.group}${o.url}`}
          id={`${id}-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={`search-box__option${i === active ? " search-box__option--active" : ""}`}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(o);
          }}
          onMouseEnter={() => onActive(i)}
        >
          <span className="search-box__group">{o.group}</span>
          <span className="search-box__label">
            {o.color && <span className="line-dot" style={{ background: o.color }} aria-hidden="true" />}
            {o.label}
          </span>
          {o.hint && <span className="search-box__hint">{o.hint}</span>}
        </div>
      ))}
    </div>
  );
}

import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import type { SearchResult } from "../../shared/schemas/main";
import { useDebounced } from "../hooks/use-debounced";
import { SearchIcon } from "./icons";
import "./SearchBox.css";

interface Option {
  group: string;
  label: string;
  hint?: string;
  url: string;
  color?: string;
}

function optionsOf(r: SearchResult | null): Option[] {
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

/** Site-wide search (search/entities-by-word): a combobox with keyboard navigation. */
export function SearchBox({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [options, setOptions] = useState<Option[]>([]);
  const keyword = useDebounced(text.trim(), 250);

  useEffect(() => {
    if (keyword.length < 2) {
      setOptions([]);
      return;
    }
    let live = true;
    // The API helpers come with the first search, not with the entry (they carry the catalogue filters).
    import("../api").then(async ({ api }) => {
      const r = await api.entitiesByWord(keyword);
      if (!live) return;
      setOptions(optionsOf(r));
      setActive(-1);
    });
    return () => {
      live = false;
    };
  }, [keyword]);

  const go = (o: Option | undefined) => {
    if (!o) return;
    setOpen(false);
    setText("");
    navigate(o.url);
  };
  const showList = open && keyword.length >= 2;
  return (
    <div className={`search-box ${className}`}>
      <SearchIcon className="search-box__icon" width={18} height={18} />
      <input
        className="form-input"
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        aria-label="Поиск: ЖК, метро, район, застройщик"
        placeholder="ЖК, метро, район или застройщик"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(options.length - 1, a + 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => Math.max(-1, a - 1));
          } else if (e.key === "Enter") {
            e.preventDefault();
            go(options[Math.max(active, 0)]);
          } else if (e.key === "Escape") {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      {showList && (
        <div id={`${id}-list`} role="listbox" className="search-box__list" aria-label="Найдено">
          {options.length === 0 && (
            <div className="search-box__empty">
              {keyword === text.trim() ? "Ничего не нашлось — проверьте написание" : "Ищем…"}
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
                go(o);
              }}
              onMouseEnter={() => setActive(i)}
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
      )}
    </div>
  );
}

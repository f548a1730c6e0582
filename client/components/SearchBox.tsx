import { type FormEvent, Suspense, useCallback, useId, useState } from "react";
import { useNavigate } from "react-router";
import { KEYWORD_MIN } from "../../shared/constants";
import { useDebounced } from "../hooks/use-debounced";
import { SEARCH_OPTIONS } from "../pages";
import { SearchIcon } from "./icons";
import type { SearchOption } from "./SearchOptions";
import "./SearchBox.css";

/** The found options' part starts loading as the box is first pointed at or focused. */
const preloadOptions = () => void SEARCH_OPTIONS.preload().catch(() => undefined);

/**
 * Site-wide search (search/entities-by-word): a combobox (ARIA 1.2: the input owns the list through
 * aria-controls and points at the highlighted option with aria-activedescendant) with keyboard navigation. The box and what is typed
 * into it are here, in the shell; what was found comes in a lazy part (SearchOptions).
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const keyword = useDebounced(text.trim(), 250);
  const searching = keyword.length >= KEYWORD_MIN;
  const found = useCallback((next: SearchOption[]) => {
    setOptions(next);
    setActive(-1);
  }, []);

  const go = (url: string) => {
    setOpen(false);
    setText("");
    navigate(url);
  };
  // Enter: the highlighted option (or the first one found); with none found yet, the search's page for the text.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const picked = options[Math.max(active, 0)];
    if (picked) go(picked.url);
    else if (text.trim()) go(`/poisk/?q=${encodeURIComponent(text.trim())}`);
  };
  const showList = open && searching;
  return (
    <form className={`search-box ${className}`} method="get" action="/poisk/" onSubmit={submit}>
      <SearchIcon className="search-box__icon" width={18} height={18} />
      {/* ARIA 1.2's combobox on a text input: HTML allows role=combobox on type=text, not on type=search; the
          phone's keyboard still shows its search key (inputmode, enterkeyhint). */}
      <input
        className="form-input"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        name="q"
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        aria-label="Поиск: ЖК, метро, район, застройщик"
        placeholder="ЖК или метро"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onPointerEnter={preloadOptions}
        onFocus={() => {
          preloadOptions();
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(options.length - 1, a + 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => Math.max(-1, a - 1));
          } else if (e.key === "Escape") {
            // As the APG combobox (and a search field) does: the first Esc closes the list, the next clears.
            if (!showList) setText("");
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      {searching && (
        <Suspense fallback={null}>
          <SEARCH_OPTIONS.Component
            id={id}
            keyword={keyword}
            shown={showList}
            pending={keyword !== text.trim()}
            options={options}
            active={active}
            onFound={found}
            onActive={setActive}
            onPick={(o) => go(o.url)}
          />
        </Suspense>
      )}
    </form>
  );
}

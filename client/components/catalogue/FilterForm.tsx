/**
 * The listing filter's form (SPEC §2, §4): a lazy part of the pages with a filter (Filter.tsx has the frame the
 * page's chunk carries). It is a GET form, so it works without JavaScript; with JavaScript every change
 * recounts and the submit button says what it will show. Its parts are in ./filter-form/: the fields
 * (Fields.tsx: every range of the table through RangeInputs.tsx, chips and lists through controls.tsx), what
 * was typed before hydration (kept-edits.ts), the recount and the cascade (use-counts.ts).
 */
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type CatalogueFilter, filterToUrlQuery, modalReset } from "../../../shared/filters/catalogue";
import { countOf, WORDS } from "../../../shared/format";
import { filterFormKeys } from "../../../shared/listing";
import { useApi } from "../../hooks/use-api";
import { Modal } from "../Modal";
import type { FilterProps } from "./Filter";
import { Fields } from "./filter-form/Fields";
import { useKeptEdits } from "./filter-form/kept-edits";
import { anyInverted, useCount } from "./filter-form/use-counts";
import { SortSelect } from "./SortSelect";
import "./filters.css";

export interface FilterFormProps extends Omit<FilterProps, "ad"> {
  /** The phone's sheet is open (its button is in Filter.tsx), and how the form closes it. */
  sheet: boolean;
  onSheet(open: boolean): void;
  /** The filter's banner at the end of the sheet (beside the bar it is Filter.tsx's). */
  sheetAd: ReactNode;
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
  const facets = useApi(filterFormKeys(base, draft).years).data;
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
  const invalid = anyInverted(draft);
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
  const fieldProps = { draft, set, hrefOf, base, facets };
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
            {/* Not a boundary of its own: the form's next update (an answer of SWR's, a sync one) would make
                React hydrate it in one render that does not yield (decision 0031). */}
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

/**
 * The listing's filter as the page's first load has it: the form itself (FilterForm.tsx, with its fields, the
 * recount and the phone's sheet) is a lazy part, so the page's chunk carries only this frame: the filter's
 * banner and the phone's row («Фильтры» and the order), which work as soon as the page has hydrated.
 *
 * The server renders the form into the first HTML, and the browser asks for its chunk when hydration reaches it.
 * Until then it is a plain GET form (a submit works natively), and what the visitor ticks or types meanwhile
 * stays in the DOM: the form takes it over when it hydrates (FilterForm.tsx, `useKeptEdits`). Its props stay the
 * same until then (a boundary updated before its chunk came would be rendered afresh, the server's form and
 * what was typed in it gone): the banner is outside it, the count comes as a deferred value, equal filters are
 * the same props, and the phone's sheet opens in a transition, which React holds until the form has hydrated.
 */
import { memo, type ReactNode, Suspense, startTransition, useDeferredValue, useState } from "react";
import type { CatalogueSort } from "../../../shared/filters/catalogue";
import { type CatalogueFilter, filterValueCount, isPersonalFilter } from "../../../shared/filters/catalogue";
import { lazyPart } from "../../pages";
import type { FilterFormProps } from "./FilterForm";
import { SortSelect } from "./SortSelect";
import { sameProps } from "./same-props";

const FILTER_FORM = lazyPart<FilterFormProps>(() => import("./FilterForm"));

/**
 * The form in its boundary, re-rendered only when its props change (equal filters are equal): a render of the
 * boundary before its chunk has come would drop the server's form (client/pages.ts lazyPart).
 */
const Form = memo(
  function Form(props: FilterFormProps) {
    return (
      <Suspense fallback={null}>
        <FILTER_FORM.Component {...props} />
      </Suspense>
    );
  },
  sameProps<FilterFormProps>("base", "value"),
);

export interface FilterProps {
  /** The page's own filter (a region, a station): always applied, not shown as a choice. */
  base: CatalogueFilter;
  /** The visitor's choices, from the URL. */
  value: CatalogueFilter;
  sort: CatalogueSort;
  /** How many complexes the URL's filter finds (from the server). */
  total: number;
  /** The page the form submits to. */
  action: string;
  /** The filter's banner: beside the bar (under it on a tablet), and at the end of the phone's sheet. */
  ad?: ReactNode;
}

/** The listing filter (SPEC §2, §4): a bar above the listing on desktop, a full-screen sheet on phones. */
export function Filter({ base, value, sort, total, action, ad }: FilterProps) {
  const [sheet, setSheet] = useState(false);
  const count = useDeferredValue(total);
  // A commute (personal, not counted for noindex) is one choice too.
  const chosen = filterValueCount(value) + (isPersonalFilter(value) ? 1 : 0);
  return (
    <>
      <div className={ad ? "filter-area filter-area--ad" : "filter-area"}>
        <Form
          base={base}
          value={value}
          sort={sort}
          total={count}
          action={action}
          sheet={sheet}
          onSheet={setSheet}
          sheetAd={sheet ? ad : null}
        />
        {ad}
      </div>
      <div className="filter-mobile">
        <button
          type="button"
          className="button filter-mobile__open"
          onClick={() => startTransition(() => setSheet(true))}
        >
          Фильтры{chosen ? ` (${chosen})` : ""}
        </button>
        <SortSelect action={action} value={value} sort={sort} />
      </div>
    </>
  );
}

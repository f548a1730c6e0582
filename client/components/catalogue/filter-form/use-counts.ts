/** What the form asks as it changes: the cascade's lists, and the recount of what the filter finds. */
import type { ApiKey } from "../../../../shared/api-keys";
import { DEFAULT_SORT } from "../../../../shared/constants";
import { filterKeys } from "../../../../shared/filter-keys";
import { CATALOGUE_FIELDS, type CatalogueFilter, mergeFilters } from "../../../../shared/filters/catalogue";
import { formRanges, type Range } from "../../../../shared/filters/fields";
import type { LocationItem } from "../../../../shared/schemas/locations";
import { useApi } from "../../../hooks/use-api";
import { useDebounced } from "../../../hooks/use-debounced";
import { inverted } from "./RangeInputs";

/** The form's ranges (every range of the table it offers). */
export const FORM_RANGES = formRanges(CATALOGUE_FIELDS);

/** Some range of the filter has its «от» above its «до». */
export const anyInverted = (f: CatalogueFilter) =>
  FORM_RANGES.some(([key]) => inverted(f[key as keyof CatalogueFilter] as Range | undefined));

/** A cascade list: the previous one stays while the next loads; no selection, or a failure (logged), empties it. */
export function useCascadeList(
  key: ApiKey<{ data: LocationItem[] }> | undefined,
  what: string,
): LocationItem[] {
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
export function useCount(base: CatalogueFilter, draft: CatalogueFilter, initial: number, dirty: boolean) {
  const debounced = useDebounced(draft, 250);
  const key =
    dirty && !anyInverted(debounced)
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

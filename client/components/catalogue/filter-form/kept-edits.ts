/**
 * What the visitor did before the form hydrated (its chunk arrives after the page's): kept, not overwritten by
 * the server's values.
 */
import { type RefObject, useEffect } from "react";
import type { CatalogueSort } from "../../../../shared/filters/catalogue";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  pairDistance,
  type Range,
  readPageQuery,
} from "../../../../shared/filters/catalogue";
import type { FieldTable } from "../../../../shared/filters/fields";

/** A control the visitor changed before the form hydrated: React keeps its value, unlike its default. */
const edited = (el: Element) =>
  (el instanceof HTMLInputElement &&
    (el.type === "checkbox" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue)) ||
  (el instanceof HTMLSelectElement && [...el.options].some((o) => o.selected !== o.defaultSelected));

/**
 * What was typed into a text field before the form hydrated (the chunk arrives after the page's) becomes its
 * state, so the next render does not put the server's value back.
 */
export function useKeptText(ref: RefObject<HTMLInputElement | null>, set: (text: string) => void) {
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
export function useKeptEdits(
  ref: RefObject<HTMLFormElement | null>,
  value: CatalogueFilter,
  sort: CatalogueSort,
  apply: (draft: CatalogueFilter, sort: CatalogueSort) => void,
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

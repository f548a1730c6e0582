/**
 * What a kept saved search reads as today. Its address was canonical when it was saved; since then a place may
 * have left the catalogue, a named list been removed, or a field's bounds moved (a year of delivery now past).
 * The search is kept either way (the buyer named it, and its letters refer to it), and «Мои подписки» says what
 * changed: nothing; some conditions no longer read, and the letters follow the rest; or nothing reads any more,
 * and no letter comes for it. The matching reads the address the same way (match-chunk.ts resolvedSearch).
 */
import { APARTMENT_FIELDS } from "../../shared/filters/apartments";
import { CATALOGUE_FIELDS } from "../../shared/filters/catalogue";
import type { FieldTable } from "../../shared/filters/fields";
import type { Deps } from "../loaders/deps";
import { resolvedSearch } from "./match-chunk";
import { savedSearchOf } from "./saved-search";

export type SearchState =
  | { kind: "ok" }
  /** `dropped`: the Russian names of the conditions no longer read; `now`: the address they leave. */
  | { kind: "partly"; dropped: string[]; now: string }
  | { kind: "gone" };

const BASE = "https://site.invalid";

/** The Russian name of the field a page URL's parameter belongs to, as it reads inside a sentence. */
function labelOf(fields: FieldTable, param: string): string | undefined {
  const label = Object.values(fields).find((f) => f.url?.includes(param))?.label;
  return label && `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

export async function searchStateOf(deps: Deps, target: string): Promise<SearchState> {
  // Gone exactly when the matching finds nothing for it: no list any more, or its place left the catalogue.
  const search = savedSearchOf(target);
  if (!search || !(await resolvedSearch(deps, target))) return { kind: "gone" };
  const kept = new URL(target, BASE).searchParams;
  const read = new URL(search.target, BASE).searchParams;
  const fields: FieldTable = search.saved.model === "catalogue" ? CATALOGUE_FIELDS : APARTMENT_FIELDS;
  const dropped = new Set<string>();
  for (const name of new Set(kept.keys())) {
    if (kept.getAll(name).join(",") !== read.getAll(name).join(","))
      dropped.add(labelOf(fields, name) ?? `«${name}»`);
  }
  return dropped.size ? { kind: "partly", dropped: [...dropped], now: search.target } : { kind: "ok" };
}

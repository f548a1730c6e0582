/**
 * The filter form's count call with a random filter, written by the filter model (shared/filters): any field
 * of the catalogue's table may be set, with a value of its kind, so a field added to the table is exercised by
 * the soak run (scripts/soak-test.mjs) without a change here.
 */

import { SORTS } from "../../shared/constants";
import {
  CATALOGUE_FIELDS,
  type CatalogueFilter,
  filterToApiQuery,
  type Range,
} from "../../shared/filters/catalogue";
import type { FieldDef } from "../../shared/filters/fields";

type Random = () => number;

const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Two ordered bounds (one of them may be left open) on the field's scale: roubles, or m², floors… */
function range(random: Random, max: number): Range {
  const top = max >= 1e9 ? 100_000_000 : Math.min(max, 300);
  const a = int(random, 0, top);
  const b = int(random, 0, top);
  const [min, hi] = a <= b ? [a, b] : [b, a];
  const open = random();
  return open < 0.25 ? { min } : open < 0.5 ? { max: hi } : { min, max: hi };
}

function randomValue(random: Random, def: FieldDef): unknown {
  switch (def.kind) {
    case "range":
      return range(random, def.max);
    case "list": {
      const choices = def.options
        ? Object.keys(def.options).map(Number)
        : Array.from({ length: 12 }, (_, i) => Math.min(def.max, Math.max(def.min, i + 1)));
      return [
        ...new Set(
          Array.from({ length: int(random, 1, 3) }, () => choices[int(random, 0, choices.length - 1)]),
        ),
      ];
    }
    case "code": {
      const codes = Object.keys(def.options).map(Number);
      return codes[int(random, 0, codes.length - 1)];
    }
    case "word":
      return def.example;
    case "flag":
      return true;
    case "id":
      return int(random, 1, 300);
  }
}

/** A filter of one to four random fields. */
export function randomFilter(random: Random = Math.random): CatalogueFilter {
  const names = Object.keys(CATALOGUE_FIELDS) as (keyof typeof CATALOGUE_FIELDS)[];
  const filter: Record<string, unknown> = {};
  for (let i = int(random, 1, 4); i > 0; i--) {
    const name = names[int(random, 0, names.length - 1)]!;
    filter[name] = randomValue(random, CATALOGUE_FIELDS[name]);
  }
  return filter as CatalogueFilter;
}

/** The count call (per_page 1) of a random filter, in a random order. */
export function countPath(random: Random = Math.random): string {
  const sort = SORTS[int(random, 0, SORTS.length - 1)]!;
  const query = filterToApiQuery({ filter: randomFilter(random), page: 1, perPage: 1, sort });
  return `/api/v1/residential-complexes/grid?${new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  )}`;
}

/**
 * The API key of the apartments' lists (shared/filter-keys.ts has the complexes'): apart, so that the catalogue's
 * pages load none of the apartments' filter table.
 */
import { keyOf } from "./api-keys";
import type { ApartmentQuery } from "./filters/apartments";
import { apartmentFilterToApiQuery } from "./filters/keys";

export const apartmentKeys = {
  apartments: (q: ApartmentQuery) =>
    keyOf("apartments", "/living-objects/grid", apartmentFilterToApiQuery(q)),
};

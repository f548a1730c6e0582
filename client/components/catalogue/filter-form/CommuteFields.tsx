/**
 * «Время в пути» in the filter form (issue 32): the destination station (the stations' type-ahead, one station)
 * or a point picked on the map (`commute_at`, shown as «точка на карте» with a way to drop it), and the limit.
 * Without script the form keeps a chosen station or point as a hidden field and links to the method page,
 * whose plain form lists every station.
 */
import { Suspense } from "react";
import { apiKeys } from "../../../../shared/api-keys";
import { CATALOGUE_FIELDS, type CatalogueFilter } from "../../../../shared/filters/catalogue";
import { useApi } from "../../../hooks/use-api";
import { useInBrowser } from "../../../hooks/use-in-browser";
import { TYPE_AHEAD } from "../../../pages";
import { AppLink } from "../../AppLink";
import { CommuteLimitOptions } from "./controls";

const F = CATALOGUE_FIELDS;
/** The method page, with the plain form of every station. */
export const COMMUTE_PAGE = "/vremya-v-puti/";

export function CommuteFields({ draft, set }: { draft: CatalogueFilter; set(next: CatalogueFilter): void }) {
  const inBrowser = useInBrowser();
  const to = draft.commute_to;
  // The page declares the station's key (shared/listing.ts filterFormKeys): its name comes with the page.
  const station = useApi(to === undefined ? undefined : apiKeys.location("subways", String(to))).data?.data;
  const known = station
    ? [
        {
          id: station.id,
          name: station.name,
          color: station.hex_color ?? undefined,
          line: station.line ?? "",
        },
      ]
    : [];
  const without = (...keys: ("commute_to" | "commute_at" | "commute_max")[]) => {
    const next = { ...draft };
    for (const key of keys) delete next[key];
    return next;
  };
  const at = draft.commute_at;
  return (
    <fieldset className="filter-group filter-commute">
      <legend>{F.commute_max.label}</legend>
      {at !== undefined && (
        <p className="filter-hint filter-commute__point">
          <input type="hidden" name={F.commute_at.url[0]} value={at} />
          Куда: {F.commute_at.label.toLowerCase()}{" "}
          <button type="button" className="link-button" onClick={() => set(without("commute_at"))}>
            убрать точку
          </button>
        </p>
      )}
      {at !== undefined ? null : inBrowser ? (
        <Suspense fallback={null}>
          <TYPE_AHEAD.Component
            kind="subway_stations"
            name={F.commute_to.url[0]}
            legend={F.commute_to.label}
            placeholder="Станция, например «Охотный Ряд»"
            selected={to === undefined ? [] : [to]}
            known={known}
            onPick={(o) => set({ ...without("commute_at"), commute_to: o.id })}
            onRemove={() => set(without("commute_to"))}
          />
        </Suspense>
      ) : (
        <p className="filter-hint">
          {to !== undefined && <input type="hidden" name={F.commute_to.url[0]} value={to} />}
          <AppLink to={COMMUTE_PAGE}>
            {to === undefined ? "Выбрать станцию" : "Выбрать другую станцию"}
          </AppLink>
        </p>
      )}
      <label>
        <span className="visually-hidden">{F.commute_max.label}</span>
        <select
          className="form-input"
          name={F.commute_max.url[0]}
          value={draft.commute_max ?? ""}
          onChange={(e) =>
            set(e.target.value ? { ...draft, commute_max: Number(e.target.value) } : without("commute_max"))
          }
        >
          <CommuteLimitOptions />
        </select>
      </label>
      <p className="filter-hint">
        <AppLink to={COMMUTE_PAGE}>Как мы считаем время в пути</AppLink>
      </p>
    </fieldset>
  );
}

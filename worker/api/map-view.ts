/**
 * GET /residential-complexes/map-view (worker/api/complexes.ts): the map's view of the grid's filter (its
 * parameters as /grid reads them; page, per_page and sort are read and ignored) at `zoom` (a whole level) in `bbox` («west,south,east,north» in
 * degrees; needed closer than the first view's levels, ignored up to them: those cover the whole catalogue).
 * A box answers the clusters whose centroid is in it, each made as in any other box (shared/map/cluster.ts
 * withMergeMargin): a cluster at its edge may count complexes just outside it.
 */
import type { Context } from "hono";
import * as v from "valibot";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { cellKm } from "../../shared/map/cluster";
import { type Bounds, FIRST_LEVEL, project, ZOOM_MAX } from "../../shared/map/projection";
import { MAX_BOX_CELLS } from "../../shared/map/view";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { loadMapView } from "../loaders/map-view";
import { orBadDestination } from "./commute";
import { json } from "./json";
import { notFound, parse, queryObject } from "./validate";

/**
 * The map's answers are public and change with the catalogue (the feeds are imported hourly): a browser or a
 * cache keeps one for a minute and may use it five more while it asks again.
 */
const MAP_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

const NUMBER = /^-?\d{1,3}(\.\d{1,8})?$/;

const ViewSchema = v.pipe(
  v.object({
    zoom: v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, `ожидается целый масштаб от 0 до ${ZOOM_MAX}`),
      v.transform(Number),
      v.maxValue(ZOOM_MAX, `ожидается целый масштаб от 0 до ${ZOOM_MAX}`),
    ),
    bbox: v.optional(
      v.pipe(
        v.string(),
        v.check(
          (s) => s.split(",").length === 4 && s.split(",").every((x) => NUMBER.test(x)),
          "ожидаются четыре числа через запятую: запад, юг, восток, север (градусы)",
        ),
        v.transform((s) => s.split(",").map(Number) as [number, number, number, number]),
        v.check(
          ([w, s, e, n]) =>
            Math.abs(w) <= 180 && Math.abs(e) <= 180 && Math.abs(s) <= 90 && Math.abs(n) <= 90,
          "долгота — от −180 до 180, широта — от −90 до 90",
        ),
        v.check(([w, s, e, n]) => w < e && s < n, "запад должен быть меньше востока, юг — меньше севера"),
        v.transform(([w, s, e, n]): Bounds => ({ min: project(n, w), max: project(s, e) })),
      ),
    ),
  }),
  v.forward(
    v.check(
      ({ zoom, bbox }) => zoom <= FIRST_LEVEL || bbox !== undefined,
      `нужна при масштабе больше ${FIRST_LEVEL}`,
    ),
    ["bbox"],
  ),
  v.forward(
    v.check(
      ({ zoom, bbox }) =>
        zoom <= FIRST_LEVEL ||
        !bbox ||
        // A cell to spare: the box's degrees are rounded (shared/map/view.ts bboxParam).
        Math.max(bbox.max.x - bbox.min.x, bbox.max.y - bbox.min.y) <= (MAX_BOX_CELLS + 1) * cellKm(zoom),
      "слишком большая область для этого масштаба: уменьшите её или масштаб",
    ),
    ["bbox"],
  ),
);

/** The view of `filter` the query names; a 400 for a bad zoom or box, a 404 for a place not in the catalogue. */
export async function mapViewAnswer(c: Context<AppEnv>, filter: CatalogueFilter): Promise<Response> {
  const query = queryObject(c);
  const view = parse(ViewSchema, { zoom: query.zoom, bbox: query.bbox });
  const data = await orBadDestination(
    loadMapView(depsOf(c.env), filter, { zoom: view.zoom, bbox: view.bbox ?? null }),
  );
  if (!data) notFound("Такого места нет в каталоге");
  return json(c, data, 200, { "Cache-Control": MAP_CACHE_CONTROL });
}

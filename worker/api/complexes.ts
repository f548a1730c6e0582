import { type Context, Hono } from "hono";
import * as v from "valibot";
import { PER_PAGE_CLASSIC, PER_PAGE_DEFAULT } from "../../shared/constants";
import { FilterError, readApiQuery } from "../../shared/filters/catalogue";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { orBadDestination } from "./commute";
import { json } from "./json";
import { mapViewAnswer } from "./map-view";
import { badRequest, NumericIdParamSchema, notFound, parse } from "./validate";

function listQuery(url: string, perPage: number) {
  try {
    return readApiQuery(new URL(url).searchParams, perPage);
  } catch (e) {
    if (e instanceof FilterError) badRequest(e.message);
    throw e;
  }
}

const HouseQuerySchema = v.object({
  house_id: v.pipe(
    v.string("укажите корпус: номер из списка корпусов ЖК"),
    v.regex(/^\d{1,9}$/, "ожидается целое положительное число"),
    v.transform(Number),
  ),
});

const SeoPathSchema = v.object({
  path: v.pipe(
    v.string(),
    v.maxLength(200, "не длиннее 200 символов"),
    v.regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, "номер подборки или её адрес из латинских букв, цифр и дефисов"),
  ),
});

/** A page of the list; a 404 for a place that is not in the catalogue or a page past the last. */
async function listAnswer(c: Context<AppEnv>, perPage: number): Promise<Response> {
  const q = listQuery(c.req.url, perPage);
  const list = await orBadDestination(LOADERS.complexes(depsOf(c.env), q));
  if (!list) notFound(q.page > 1 ? "Такой страницы в списке нет" : "Такого места нет в каталоге");
  return json(c, list);
}

export const complexes = new Hono<AppEnv>()
  .get("/grid", (c) => listAnswer(c, PER_PAGE_DEFAULT))
  .get("/paginate", (c) => listAnswer(c, PER_PAGE_CLASSIC))
  .get("/map-view", (c) => mapViewAnswer(c, listQuery(c.req.url, PER_PAGE_DEFAULT).filter))
  .get("/completion-years", async (c) => json(c, await LOADERS.completionYears(depsOf(c.env))))
  .get("/similar/:id", async (c) => {
    const data = await LOADERS.similarComplexes(depsOf(c.env), parse(NumericIdParamSchema, c.req.param()).id);
    return data ? json(c, data) : notFound("Жилой комплекс не найден");
  })
  .get("/seo-filter/:path{.+}", async (c) => {
    // Hono has decoded the path already (a broken %-escape stays as written and fails the schema).
    const { path } = parse(SeoPathSchema, { path: c.req.param("path").replace(/^\/+|\/+$/g, "") });
    const key = /^\d{1,9}$/.test(path) ? Number(path) : path;
    const data = await LOADERS.seoFilter(depsOf(c.env), key);
    return data ? json(c, data) : notFound("Такой подборки нет");
  })
  .get("/:id/get-house-stats", async (c) => {
    const id = parse(NumericIdParamSchema, c.req.param()).id;
    const { house_id } = parse(HouseQuerySchema, { house_id: c.req.query("house_id") });
    const data = await LOADERS.houseStats(depsOf(c.env), id, house_id);
    return data ? json(c, data) : notFound("Корпус не найден");
  })
  .get("/:id", async (c) => {
    const data = await LOADERS.complex(depsOf(c.env), parse(NumericIdParamSchema, c.req.param()).id);
    return data ? json(c, data) : notFound("Жилой комплекс не найден");
  });

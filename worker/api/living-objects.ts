import { Hono } from "hono";
import { type ApartmentQuery, readApartmentApiQuery } from "../../shared/filters/apartments";
import { IDS_MAX } from "../../shared/filters/catalogue";
import { FilterError, idList } from "../../shared/filters/fields";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { badRequest, NumericIdParamSchema, notFound, parse } from "./validate";

const PER_PAGE_APARTMENTS = 20;

function apartmentQuery(url: string): ApartmentQuery {
  try {
    return readApartmentApiQuery(new URL(url).searchParams, PER_PAGE_APARTMENTS);
  } catch (e) {
    if (e instanceof FilterError) badRequest(e.message);
    throw e;
  }
}

export const livingObjects = new Hono<AppEnv>()
  .get("/grid", async (c) => {
    const q = apartmentQuery(c.req.url);
    const data = await LOADERS.apartments(depsOf(c.env), q);
    return data
      ? json(c, data)
      : notFound(q.page > 1 ? "Такой страницы в списке нет" : "Жилой комплекс не найден");
  })
  .get("/grid-grouped", async (c) => {
    const { filter } = apartmentQuery(c.req.url);
    if (filter.complex === undefined) badRequest("search[residential_complex_id]: укажите жилой комплекс");
    const data = await LOADERS.apartmentGroups(depsOf(c.env), filter.complex);
    return data ? json(c, data) : notFound("Жилой комплекс не найден");
  })
  .get("/by-ids", async (c) => {
    const ids = idList(c.req.query("ids") ?? "");
    if (!ids.length) badRequest("ids: укажите номера квартир через запятую");
    if (ids.length > IDS_MAX) badRequest(`ids: не больше ${IDS_MAX} квартир`);
    return json(c, await LOADERS.apartmentsByIds(depsOf(c.env), ids));
  })
  .get("/:id", async (c) => {
    const data = await LOADERS.apartment(depsOf(c.env), parse(NumericIdParamSchema, c.req.param()).id);
    return data ? json(c, data) : notFound("Квартира не найдена");
  });

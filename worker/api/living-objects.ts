import { Hono } from "hono";
import { type ApartmentQuery, readApartmentQuery } from "../../shared/filters/apartments";
import { FilterError, type Range } from "../../shared/filters/catalogue";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { loadApartment, loadApartments, loadRoomGroups } from "../loaders/living-objects";
import { badRequest, NumericIdParamSchema, notFound, parse } from "./validate";

const PER_PAGE_APARTMENTS = 20;

function apartmentQuery(url: string): ApartmentQuery {
  try {
    const q = readApartmentQuery(new URL(url).searchParams, PER_PAGE_APARTMENTS, true);
    const inverted = (r?: Range) => r?.min !== undefined && r.max !== undefined && r.min > r.max;
    if (inverted(q.filter.price) || inverted(q.filter.area) || inverted(q.filter.floor)) {
      badRequest("search: минимум больше максимума");
    }
    return q;
  } catch (e) {
    if (e instanceof FilterError) badRequest(e.message);
    throw e;
  }
}

export const livingObjects = new Hono<AppEnv>()
  .get("/grid", async (c) => {
    const data = await loadApartments(depsOf(c.env), apartmentQuery(c.req.url));
    return data ? c.json(data) : notFound("Жилой комплекс не найден");
  })
  .get("/grid-grouped", async (c) => {
    const { filter } = apartmentQuery(c.req.url);
    if (filter.complex === undefined) badRequest("search[residential_complex_id]: укажите жилой комплекс");
    const data = await loadRoomGroups(depsOf(c.env), filter.complex);
    return data ? c.json(data) : notFound("Жилой комплекс не найден");
  })
  .get("/:id", async (c) => {
    const data = await loadApartment(depsOf(c.env), parse(NumericIdParamSchema, c.req.param()).id);
    return data ? c.json(data) : notFound("Квартира не найдена");
  });

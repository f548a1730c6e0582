/** «Время в пути» (issue 32): what a place name comes to as a commute's destination. */
import { Hono } from "hono";
import * as v from "valibot";
import { type CatalogueFilter, FilterError, readFilter } from "../../shared/filters/catalogue";
import { joinedGet } from "../../shared/filters/fields";
import { DestinationProblem, DestinationQuerySchema } from "../../shared/transit/destination";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { badRequest, notFound, parse, queryObject } from "./validate";

/**
 * A loader's answer, or the API's 400 when its destination has no time (a place or point beyond a walk from
 * every station: DestinationProblem's Russian message).
 */
export async function orBadDestination<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (e) {
    if (e instanceof DestinationProblem) badRequest(e.message);
    throw e;
  }
}

const RoutesQuerySchema = v.object({
  complex: v.pipe(
    v.string("укажите ЖК: его номер"),
    v.regex(/^[1-9]\d{0,8}$/, "ожидается номер ЖК: целое положительное число"),
    v.transform(Number),
  ),
});

export const commute = new Hono<AppEnv>()
  .get("/destination", async (c) => {
    const { place } = parse(DestinationQuerySchema, queryObject(c));
    return json(c, await orBadDestination(LOADERS.commuteDestination(depsOf(c.env), place)));
  })
  // A complex's way from each of its stations to a station (commute_to) or a point (commute_at), read as the
  // catalogue's filter reads them.
  .get("/routes", async (c) => {
    const { complex } = parse(RoutesQuerySchema, { complex: c.req.query("complex") });
    let filter: CatalogueFilter;
    try {
      filter = readFilter(joinedGet(new URL(c.req.url).searchParams), "api");
    } catch (e) {
      if (e instanceof FilterError) badRequest(e.message);
      throw e;
    }
    const { commute_to, commute_at } = filter;
    if (commute_to === undefined && commute_at === undefined)
      badRequest("укажите, куда ехать: станцию (commute_to) или точку (commute_at)");
    const routes = await orBadDestination(
      LOADERS.commuteRoutes(depsOf(c.env), complex, { commute_to, commute_at }),
    );
    return routes ? json(c, routes) : notFound("Такого ЖК нет в каталоге");
  });

/** «Время в пути» (issue 32): what a place name comes to as a commute's destination. */
import { Hono } from "hono";
import { DestinationProblem, DestinationQuerySchema } from "../../shared/transit/destination";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { badRequest, parse, queryObject } from "./validate";

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

export const commute = new Hono<AppEnv>().get("/destination", async (c) => {
  const { place } = parse(DestinationQuerySchema, queryObject(c));
  return c.json(await orBadDestination(LOADERS.commuteDestination(depsOf(c.env), place)));
});

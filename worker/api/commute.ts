/** «Время в пути» (issue 32): what a place name comes to as a commute's destination. */
import { Hono } from "hono";
import { DestinationProblem, DestinationQuerySchema } from "../../shared/transit/destination";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { badRequest, parse, queryObject } from "./validate";

export const commute = new Hono<AppEnv>().get("/destination", async (c) => {
  const { place } = parse(DestinationQuerySchema, queryObject(c));
  try {
    return c.json(await LOADERS.commuteDestination(depsOf(c.env), place));
  } catch (e) {
    if (e instanceof DestinationProblem) badRequest(e.message);
    throw e;
  }
});

import { Hono } from "hono";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";

export const specialOffers = new Hono<AppEnv>().get("/", async (c) =>
  json(c, await LOADERS.specialOffers(depsOf(c.env))),
);

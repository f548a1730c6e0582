import { Hono } from "hono";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";

export const specialOffers = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await LOADERS.specialOffers(depsOf(c.env))),
);

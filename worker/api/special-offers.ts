import { Hono } from "hono";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { loadSpecialOffers } from "../loaders/special-offers";

export const specialOffers = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await loadSpecialOffers(depsOf(c.env))),
);

import { Hono } from "hono";
import { PageQuerySchema } from "../../shared/schemas/pages";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { parse, queryObject } from "./validate";

export const pages = new Hono<AppEnv>().get("/", async (c) =>
  json(c, await LOADERS.page(depsOf(c.env), parse(PageQuerySchema, queryObject(c)))),
);

import { Hono } from "hono";
import { CompaniesQuerySchema, CompanyQuerySchema } from "../../shared/schemas/companies";
import { IdParamSchema } from "../../shared/schemas/grid";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { notFound, parse, queryObject } from "./validate";

export const companies = new Hono<AppEnv>()
  .get("/grid", async (c) =>
    json(
      c,
      (await LOADERS.companies(depsOf(c.env), parse(CompaniesQuerySchema, queryObject(c)))) ??
        notFound("Такой страницы списка нет"),
    ),
  )
  .get("/:id", async (c) => {
    const { id } = parse(IdParamSchema, c.req.param());
    const query = parse(CompanyQuerySchema, queryObject(c));
    return json(c, (await LOADERS.company(depsOf(c.env), id, query)) ?? notFound("Компания не найдена"));
  });

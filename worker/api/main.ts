import { Hono } from "hono";
import * as v from "valibot";
import { KEYWORD_MAX, KEYWORD_MIN } from "../../shared/constants";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { parse } from "./validate";

const KeywordSchema = v.object({
  keyword: v.pipe(
    v.string("введите слово для поиска"),
    v.trim(),
    v.minLength(KEYWORD_MIN, "введите хотя бы две буквы"),
    v.maxLength(KEYWORD_MAX, `не длиннее ${KEYWORD_MAX} символов`),
  ),
});

export const main = new Hono<AppEnv>()
  .get("/", async (c) => json(c, await LOADERS.main(depsOf(c.env))))
  .get("/menu", async (c) => json(c, await LOADERS.menuAmounts(depsOf(c.env))));

export const search = new Hono<AppEnv>().get("/entities-by-word", async (c) => {
  const { keyword } = parse(KeywordSchema, { keyword: c.req.query("keyword") });
  return json(c, await LOADERS.search(depsOf(c.env), keyword));
});

import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { parse, queryObject } from "./validate";

const AdsQuerySchema = v.object({
  has_adv_utm: v.optional(v.literal("1", "только 1 или без параметра")),
});

/** One page view's ads (SPEC §4 Ads): a fresh draw per request, so no cache may keep the answer. */
export const adverts = new Hono<AppEnv>().get("/", async (c) => {
  const { has_adv_utm } = parse(AdsQuerySchema, queryObject(c));
  c.header("Cache-Control", "no-store");
  return json(c, await LOADERS.adverts(depsOf(c.env), has_adv_utm === "1"));
});

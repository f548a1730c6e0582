import { Hono } from "hono";
import { LeadSubmitSchema } from "../../shared/schemas/leads";
import type { AppEnv } from "../env";
import { guardLeadPost } from "../leads/guard";
import { LOADERS } from "./answers";
import { json } from "./json";
import { readJson } from "./post";
import { parse } from "./validate";

/** POST /api/v1/leads: a buyer's request to the seller; 201 when stored, 200 for a retry of a stored one. */
export const leads = new Hono<AppEnv>().post("/", async (c) => {
  await guardLeadPost(c);
  const input = parse(LeadSubmitSchema, await readJson(c));
  const result = await LOADERS.leads(c.env, input, c.get("ip"));
  return json(c, result, result.created ? 201 : 200);
});

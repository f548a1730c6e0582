import * as v from "valibot";
import { sitePath } from "./common";

export const PageQuerySchema = v.object({ url: sitePath });
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;

export const SeoSchema = v.object({
  title: v.string(),
  description: v.string(),
  h1: v.nullable(v.string()),
});
export type Seo = v.InferOutput<typeof SeoSchema>;

/** SPEC §3 "Page data response": seo and description; on failure seo null and an empty description. */
export const PageDataSchema = v.object({ seo: v.nullable(SeoSchema), description: v.string() });
export type PageData = v.InferOutput<typeof PageDataSchema>;

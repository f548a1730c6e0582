import { Hono } from "hono";
import { IdParamSchema } from "../../shared/schemas/grid";
import { MediaCategoriesQuerySchema, MediaPostsQuerySchema } from "../../shared/schemas/media";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import {
  loadMediaCategories,
  loadMediaCategory,
  loadMediaPost,
  loadMediaPosts,
  recordMediaPostView,
} from "../loaders/media";
import { enforceRateLimit } from "../rate-limit";
import { notFound, parse, queryObject } from "./validate";

/** Views counted per client IP: generous for a reader, a wall for a script. */
const VIEW_LIMIT = { name: "media-view", max: 60, windowSeconds: 600 };

export const media = new Hono<AppEnv>()
  .get("/posts/grid", async (c) =>
    c.json(
      (await loadMediaPosts(depsOf(c.env), parse(MediaPostsQuerySchema, queryObject(c)))) ??
        notFound("Статьи не найдены: нет такой рубрики или страницы списка"),
    ),
  )
  .get("/posts/:id", async (c) => {
    const { id } = parse(IdParamSchema, c.req.param());
    return c.json((await loadMediaPost(depsOf(c.env), id)) ?? notFound("Статья не найдена"));
  })
  .post("/posts/:id/view", async (c) => {
    const { id } = parse(IdParamSchema, c.req.param());
    await enforceRateLimit(c, VIEW_LIMIT);
    if (!(await recordMediaPostView(depsOf(c.env), id, !c.get("isBot")))) notFound("Статья не найдена");
    return c.body(null, 204);
  })
  .get("/categories/grid", async (c) =>
    c.json(
      (await loadMediaCategories(depsOf(c.env), parse(MediaCategoriesQuerySchema, queryObject(c)))) ??
        notFound("Такой страницы списка нет"),
    ),
  )
  .get("/categories/:id", async (c) => {
    const { id } = parse(IdParamSchema, c.req.param());
    return c.json((await loadMediaCategory(depsOf(c.env), id)) ?? notFound("Рубрика не найдена"));
  });

import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { IdParamSchema } from "../../shared/schemas/grid";
import { MediaCategoriesQuerySchema, MediaPostsQuerySchema } from "../../shared/schemas/media";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { recordMediaPostView } from "../loaders/media";
import { enforceRateLimit } from "../rate-limit";
import { LOADERS } from "./answers";
import { json } from "./json";
import { notFound, parse, queryObject } from "./validate";

/** Views counted per client IP: generous for a reader, a wall for a script. */
const VIEW_LIMIT = { name: "media-view", max: 60, windowSeconds: 600 };

/** The articles this visit has been counted for: a session cookie, so a visit counts an article once. */
const VIEWED_COOKIE = "viewed_posts";
const VIEWED_MAX_CHARS = 2000;

/**
 * One view of an article (SPEC §7 media/posts/{id}/view), by POST (the journal's page) or GET (a plain
 * link or beacon): counted once per visit, never for a bot; 204 either way, 404 for no such article.
 */
async function countView(c: Context<AppEnv>): Promise<Response> {
  const { id } = parse(IdParamSchema, c.req.param());
  await enforceRateLimit(c, VIEW_LIMIT);
  const seen = (getCookie(c, VIEWED_COOKIE) ?? "").split(".").filter(Boolean);
  const counted = !c.get("isBot") && !seen.includes(id);
  if (!(await recordMediaPostView(depsOf(c.env), id, counted))) notFound("Статья не найдена");
  if (counted) {
    const ids = [...seen, id];
    while (ids.join(".").length > VIEWED_MAX_CHARS) ids.shift();
    // Sent back only to the view calls of this mount (/api/v1 or /api-dev/v1), never with pages.
    const path = new URL(c.req.url).pathname.replace(/[^/]+\/view$/, "");
    setCookie(c, VIEWED_COOKIE, ids.join("."), { path, httpOnly: true, secure: true, sameSite: "Lax" });
  }
  c.header("Cache-Control", "no-store");
  return c.body(null, 204);
}

export const media = new Hono<AppEnv>()
  .get("/posts/grid", async (c) =>
    json(
      c,
      (await LOADERS.mediaPosts(depsOf(c.env), parse(MediaPostsQuerySchema, queryObject(c)))) ??
        notFound("Статьи не найдены: нет такой рубрики или страницы списка"),
    ),
  )
  .get("/posts/:id", async (c) => {
    const { id } = parse(IdParamSchema, c.req.param());
    return json(c, (await LOADERS.mediaPost(depsOf(c.env), id)) ?? notFound("Статья не найдена"));
  })
  .get("/posts/:id/view", countView)
  .post("/posts/:id/view", countView)
  .get("/categories/grid", async (c) =>
    json(
      c,
      (await LOADERS.mediaCategories(depsOf(c.env), parse(MediaCategoriesQuerySchema, queryObject(c)))) ??
        notFound("Такой страницы списка нет"),
    ),
  )
  .get("/categories/:id", async (c) => {
    const { id } = parse(IdParamSchema, c.req.param());
    return json(c, (await LOADERS.mediaCategory(depsOf(c.env), id)) ?? notFound("Рубрика не найдена"));
  });

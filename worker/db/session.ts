/**
 * D1 read replication through the Sessions API. Each request reads and writes through one session, started at
 * the visitor's bookmark when the cookie carries one (so a visitor who wrote reads at least that state, from
 * whichever replica has it) and anywhere otherwise. The session replaces env.DB for the request, so everything
 * that takes the database from the request's env — loaders through depsOf(c.env), the API answering pages
 * in-process, rate limits — uses it. A successful write request (a POST, …) hands the new bookmark back in the
 * cookie; reads set no cookie, so pages stay cacheable.
 */
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { shareReads } from "../loaders/deps";

const BOOKMARK_COOKIE = "d1_bookmark";
/** D1 bookmarks: four hex groups. Anything else in the cookie is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;
/** Replicas catch up within seconds; the cookie only has to outlive that. */
const BOOKMARK_MAX_AGE = 3600;

/**
 * The request's database: a session opened at `start` on first use (a request that reads nothing opens none),
 * with `exec` and `dump` (not used by requests) going to the database itself.
 */
function requestDatabase(db: D1Database, start: string) {
  let session: D1DatabaseSession | null = null;
  const open = () => {
    session ??= db.withSession(start);
    return session;
  };
  const database: D1Database = {
    prepare: (query) => open().prepare(query),
    batch: (statements) => open().batch(statements),
    exec: (query) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraintOrBookmark) => db.withSession(constraintOrBookmark),
  };
  return { database, bookmark: () => session?.getBookmark() ?? null };
}

export const d1Sessions = createMiddleware<AppEnv>(async (c, next) => {
  const cookie = getCookie(c, BOOKMARK_COOKIE);
  const request = requestDatabase(c.env.DB, cookie && BOOKMARK.test(cookie) ? cookie : "first-unconstrained");
  shareReads(request.database);
  c.env = { ...c.env, DB: request.database };
  await next();
  const bookmark = request.bookmark();
  const wrote = c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.ok;
  if (bookmark && bookmark !== cookie && wrote) {
    setCookie(c, BOOKMARK_COOKIE, bookmark, {
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
      maxAge: BOOKMARK_MAX_AGE,
    });
  }
});

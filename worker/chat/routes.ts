/**
 * The chat's HTTP side. JSON under /api/v1/chat (sessions and the operator's list), WebSocket upgrades under
 * /chat (forwarded to the Durable Objects once the cookie says who connects). Errors are JSON in Russian.
 */
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { CHAT_LIMITS } from "../../shared/chat/protocol";
import { parse } from "../api/validate";
import type { AppEnv } from "../env";
import { onApiError } from "../errors";
import { enforceRateLimit } from "../rate-limit";
import { DIRECTORY_NAME } from "./directory";
import { ConversationIdSchema, SinceSchema } from "./frames";
import {
  isOperator,
  OPERATOR_COOKIE,
  OPERATOR_MAX_AGE,
  operatorCookie,
  readVisitor,
  tokenMatches,
  VISITOR_COOKIE,
  VISITOR_MAX_AGE,
  visitorCookie,
} from "./identity";

const LoginSchema = v.object({
  token: v.pipe(
    v.string("Введите ключ доступа"),
    v.nonEmpty("Введите ключ доступа"),
    v.maxLength(200, "Ключ длиннее 200 символов"),
  ),
});

function secrets(env: Env): { secret: string; token: string } {
  if (!env.CHAT_SECRET || !env.OPERATOR_TOKEN) {
    throw new HTTPException(503, { message: "Чат временно недоступен. Попробуйте позже." });
  }
  return { secret: env.CHAT_SECRET, token: env.OPERATOR_TOKEN };
}

const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const { secret, token } = secrets(c.env);
  if (!(await isOperator(secret, token, getCookie(c, OPERATOR_COOKIE)))) {
    throw new HTTPException(401, { message: "Только для консультантов: войдите с ключом доступа." });
  }
  await next();
});

const cookieOptions = { path: "/", httpOnly: true, secure: true } as const;

export const chatApi = new Hono<AppEnv>()
  // The visitor's identity, made before the first connection (a WebSocket handshake cannot set cookies
  // reliably). A visitor with a genuine cookie keeps it; each new one counts against the IP's daily limit.
  .post("/session", async (c) => {
    const { secret } = secrets(c.env);
    if (await readVisitor(secret, getCookie(c, VISITOR_COOKIE))) return c.json({ ok: true });
    await enforceRateLimit(c, {
      name: "chat-conversation",
      max: CHAT_LIMITS.conversationsPerIpPerDay,
      windowSeconds: 24 * 3600,
    });
    const value = await visitorCookie(secret, crypto.randomUUID());
    setCookie(c, VISITOR_COOKIE, value, { ...cookieOptions, sameSite: "Lax", maxAge: VISITOR_MAX_AGE });
    return c.json({ ok: true }, 201);
  })
  .post("/operator/session", async (c) => {
    const { secret, token } = secrets(c.env);
    await enforceRateLimit(c, {
      name: "chat-operator-login",
      max: CHAT_LIMITS.operatorLoginsPerIpPerHour,
      windowSeconds: 3600,
    });
    const body = parse(LoginSchema, await c.req.json().catch(() => null));
    if (!(await tokenMatches(secret, body.token, token))) {
      throw new HTTPException(401, { message: "Неверный ключ доступа" });
    }
    const value = await operatorCookie(secret, token, Date.now() + OPERATOR_MAX_AGE * 1000);
    setCookie(c, OPERATOR_COOKIE, value, { ...cookieOptions, sameSite: "Strict", maxAge: OPERATOR_MAX_AGE });
    return c.json({ ok: true });
  })
  // Whether this browser is signed in as the operator (the cookie is HttpOnly, so the console asks).
  .get("/operator/session", async (c) => {
    const { secret, token } = secrets(c.env);
    return c.json({ signedIn: await isOperator(secret, token, getCookie(c, OPERATOR_COOKIE)) });
  })
  .delete("/operator/session", (c) => {
    deleteCookie(c, OPERATOR_COOKIE, cookieOptions);
    return c.json({ ok: true });
  })
  .get("/operator/conversations", requireOperator, async (c) =>
    c.json({ conversations: await c.env.CHAT_DIRECTORY.getByName(DIRECTORY_NAME).list() }),
  );

/** A WebSocket handshake from this site (another site's page could otherwise ride on the cookies). */
function upgrade(c: Context<AppEnv>): void {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new HTTPException(426, { message: "Сюда подключаются по WebSocket." });
  }
  const origin = c.req.header("Origin");
  if (origin !== undefined && URL.parse(origin)?.host !== new URL(c.req.url).host) {
    throw new HTTPException(403, { message: "Подключиться к чату можно только со страниц сайта." });
  }
}

function connect(
  c: Context<AppEnv>,
  stub: { fetch(request: Request): Promise<Response> },
  query: Record<string, string>,
) {
  upgrade(c);
  const { since } = parse(v.object({ since: SinceSchema }), { since: c.req.query("since") });
  const url = `https://chat.internal/?${new URLSearchParams({ ...query, since: String(since) })}`;
  return stub.fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
}

// Errors here are JSON too (a socket client reads them): the API's handler.
export const chatSockets = new Hono<AppEnv>()
  .onError(onApiError)
  .get("/ws/", async (c) => {
    const visitor = await readVisitor(secrets(c.env).secret, getCookie(c, VISITOR_COOKIE));
    if (!visitor) throw new HTTPException(401, { message: "Сначала откройте чат на сайте." });
    return connect(c, c.env.CHAT_CONVERSATION.getByName(visitor), { role: "visitor", id: visitor });
  })
  .get("/operator/ws/", requireOperator, (c) =>
    connect(c, c.env.CHAT_DIRECTORY.getByName(DIRECTORY_NAME), {}),
  )
  .get("/operator/ws/:id/", requireOperator, (c) => {
    const { id } = parse(v.object({ id: ConversationIdSchema }), c.req.param());
    return connect(c, c.env.CHAT_CONVERSATION.getByName(id), { role: "operator", id });
  });

/**
 * The app's one error answer. Under /api (and the chat's JSON) an error is `{ "error": "…" }` with a Russian
 * message and the error's status; elsewhere it is the error page with the same status (SPEC §8). Nothing a
 * visitor sends becomes a 5xx: a broken %-escape is a 400, an unknown API path a JSON 404.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./env";
import { logError } from "./log";
import { renderErrorPage, statusOf } from "./pages";

const INTERNAL_ERROR = "Внутренняя ошибка сервера. Попробуйте ещё раз позже.";
const UNKNOWN_API_PATH = "Такого метода API нет: проверьте адрес и метод запроса";
const BAD_ESCAPE = "Адрес запроса содержит неверную %-последовательность";

/** Paths answered in JSON: the API (both mounts). */
function isApiPath(pathname: string): boolean {
  return /^\/api(-dev)?(\/|$)/.test(pathname);
}

function jsonError(c: Context<AppEnv>, status: ContentfulStatusCode, message: string): Response {
  return c.json({ error: message }, status);
}

/** The status and the visitor-facing message of a thrown error; a 5xx keeps its text out of the answer. */
function answerOf(err: Error): { status: ContentfulStatusCode; message: string } {
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    // 503 is a deliberate «temporarily unavailable» with its own message (the chat without its secrets).
    if (status < 500 || status === 503) return { status, message: err.message || "Некорректный запрос" };
  }
  // decodeURIComponent on a path or query the visitor wrote.
  if (err instanceof URIError) return { status: 400, message: BAD_ESCAPE };
  return { status: 500, message: INTERNAL_ERROR };
}

/** Hono's onError for the API app fetched on its own (pages resolve its keys in-process, without /api/v1). */
export function onApiError(err: Error, c: Context<AppEnv>): Response {
  const { status, message } = answerOf(err);
  if (status >= 500) logError(c, err);
  return jsonError(c, status, message);
}

export function onApiNotFound(c: Context<AppEnv>): Response {
  return jsonError(c, 404, UNKNOWN_API_PATH);
}

/** Hono's onError for the whole app: JSON under /api, the error page with the error's status elsewhere. */
export async function onError(err: Error, c: Context<AppEnv>): Promise<Response> {
  if (isApiPath(new URL(c.req.url).pathname)) return onApiError(err, c);
  const { status } = answerOf(err);
  if (status >= 500) logError(c, err);
  // A page whose URL fails validation is the 404 page (SPEC §8), like a page whose data does.
  return renderErrorPage(c, statusOf([{ status }]));
}

/** Hono's notFound for the whole app: JSON under /api, the 404 page elsewhere. */
export function onNotFound(c: Context<AppEnv>): Response | Promise<Response> {
  if (isApiPath(new URL(c.req.url).pathname)) return onApiNotFound(c);
  return renderErrorPage(c, 404);
}
